import "./fonts.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";

const container = document.getElementById("root");
if (!container) throw new Error('The page has no <div id="root">.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Public pages arrive prerendered: hydrate them. The portal's shell arrives empty: render it.
if (container.hasChildNodes()) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
