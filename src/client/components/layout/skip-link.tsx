/** The first stop of the Tab key: straight to <main id="main">. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-full bg-gold-500 px-5 py-3 text-sm font-semibold text-ink-950 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-5 focus:py-3"
    >
      Skip to main content
    </a>
  );
}
