import * as React from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils";

const buttonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium tracking-tight transition-[color,background-color,border-color,box-shadow,transform] duration-200 select-none disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default:
          "bg-primary text-primary-foreground shadow-[0_1px_0_rgb(255_255_255/0.35)_inset,0_8px_24px_-12px_rgb(212_175_55/0.7)] hover:bg-gold-400 active:translate-y-px",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline:
          "border border-foreground/25 bg-transparent text-foreground hover:border-foreground/50 hover:bg-foreground/5",
        secondary: "bg-foreground text-background hover:bg-foreground/85",
        ghost: "text-foreground hover:bg-foreground/8",
        "destructive-ghost": "text-destructive hover:bg-destructive/10",
        // On a red alert panel; the caller picks the hover tint.
        "destructive-outline":
          "border border-red-900/30 bg-transparent text-red-900 hover:border-foreground/50",
      },
      size: {
        default: "h-11 px-5 text-sm",
        sm: "h-9 px-4 text-sm",
        lg: "h-12 px-7 text-base",
        icon: "size-11",
      },
      // How far a busy (aria-disabled) button fades.
      fade: {
        default: "aria-disabled:opacity-50",
        soft: "aria-disabled:opacity-80",
      },
    },
    defaultVariants: { variant: "default", size: "default", fade: "default" },
  },
);

interface ButtonProps extends React.ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the single child (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({ className, variant, size, fade, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, fade }), className)}
      {...props}
    />
  );
}
