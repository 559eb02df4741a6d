/**
 * When a form page's island starts: the visitor is about to use it. A pointer over a part marked
 * `data-intent` (the form's card), any focus, press or touch in the page, or a part marked
 * `data-intent="near"` (the QR card, drawn as it nears the screen) coming within 600 px of it.
 */
export function onIntent(element: HTMLElement, start: () => void) {
  let started = false;
  const events = ["focusin", "pointerdown", "touchstart", "keydown"] as const;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of events) element.removeEventListener(type, go, true);
    element.removeEventListener("pointerover", onPointer, true);
    observer?.disconnect();
    start();
  };
  const onPointer = (event: Event) => {
    if (event.target instanceof Element && event.target.closest("[data-intent]")) go();
  };
  for (const type of events) element.addEventListener(type, go, { capture: true, passive: true });
  element.addEventListener("pointerover", onPointer, { capture: true, passive: true });
  const near = element.querySelectorAll("[data-intent=near]");
  const observer =
    near.length && typeof IntersectionObserver !== "undefined"
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
          rootMargin: "600px 0px",
        })
      : undefined;
  for (const part of near) observer?.observe(part);
  // The field already focused when the script arrives (the visitor was quick).
  if (document.activeElement && element.contains(document.activeElement)) go();
}
