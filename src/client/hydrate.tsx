import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";

const container = document.getElementById("root");
if (!container) throw new Error('The page has no <div id="root">.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Public pages arrive prerendered: hydrate them, as a transition, so React yields to the browser
// every few milliseconds instead of holding the main thread for the whole page (a tap that comes
// meanwhile hydrates its own part first). The portal's shell arrives empty: render it.
if (container.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
