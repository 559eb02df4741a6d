/**
 * Until a prerendered page (main.tsx) or a form page's island (islands.tsx) is live, a click on
 * one of its buttons (the menu, the chat) would do nothing, or run while the page is still being
 * taken over, and a form sent with Enter would go as a plain GET, its lead lost. Keeps such events
 * to itself (the app never sees them, so nothing runs twice) and holds the last click and the
 * last send; the function it returns lets go, and does both again once the page's handlers are in.
 */
export function holdActions(container: HTMLElement): () => void {
  let heldClick: (() => void) | undefined;
  let heldSend: (() => void) | undefined;
  const onClick = (event: MouseEvent) => {
    const button =
      event.target instanceof Element ? event.target.closest("button, [role=button]") : null;
    if (!(button instanceof HTMLElement) || !container.contains(button)) return;
    // A form's submit button goes on to send the form, which is held below.
    if (button instanceof HTMLButtonElement && button.type === "submit" && button.form) return;
    event.preventDefault();
    event.stopPropagation();
    heldClick = () => button.isConnected && button.click();
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !container.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    const submitter = event.submitter;
    heldSend = () =>
      form.isConnected &&
      form.requestSubmit(
        submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null,
      );
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("submit", onSubmit, true);
  return () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("submit", onSubmit, true);
    // After the first render has committed its handlers.
    setTimeout(() => {
      heldSend?.();
      heldClick?.();
    }, 0);
  };
}
