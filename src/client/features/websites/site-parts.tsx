/* The site page's building blocks live in components/ (the back office's speed panel uses them). */
export * from "@/components/site-parts";
