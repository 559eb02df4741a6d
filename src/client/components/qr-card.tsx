import { useEffect, useRef, useState } from "react";
import { Download, QrCode } from "lucide-react";
import { qrCardCopy as copy } from "@content/contact-page";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { GoldGlow } from "@/components/marketing/gold-glow";

/** The seed's drawing: 300 px wide, a 2-module quiet zone, brand gold on black, PNG. */
const QR_OPTIONS = {
  width: 300,
  margin: 2,
  color: { dark: "#D4AF37", light: "#000000" },
} as const;

/** How near the screen (above or below) the card starts drawing: the code is ready as it scrolls in. */
const DRAW_AHEAD = "600px 0px";

interface DrawnCode {
  /** The PNG as a data: URL. */
  src: string;
  /** The address the code opens. */
  address: string;
}

/** Draws the QR code of an address as a PNG data URL (the library is loaded on first use). */
async function drawQrCode(address: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toDataURL(address, { ...QR_OPTIONS, type: "image/png" });
}

/** Saves a data URL as a file through a temporary download link. */
function saveDataUrl(src: string, fileName: string) {
  const link = document.createElement("a");
  link.href = src;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * "Scan to Visit Our Website": a QR code of the site's own origin. It is drawn in the browser once
 * the card nears the screen (the page is also rendered to HTML at build time, where there is no
 * window); only after a successful draw do the address and the Download QR Code button appear. A
 * failed draw is logged and shows nothing more.
 */
export function QrCard({
  className,
  headingLevel = "h3",
}: {
  className?: string;
  headingLevel?: "h2" | "h3";
}) {
  const [code, setCode] = useState<DrawnCode | null>(null);
  // Fixed, not useId: the island (Preact) must agree with the prerendered (React) markup.
  const titleId = "qr-card-title";

  const card = useRef<HTMLElement>(null);

  useEffect(() => {
    let active = true;
    const draw = () => {
      const address = window.location.origin;
      drawQrCode(address).then(
        (src) => {
          if (active) setCode({ src, address });
        },
        (error: unknown) => {
          console.error("QR Code generation error", error);
        },
      );
    };
    const element = card.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      draw();
      return () => {
        active = false;
      };
    }
    // Drawn as the card nears the screen: a visitor who never scrolls to it never fetches the
    // library, and the work stays out of the page's start-up.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        draw();
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(element);
    return () => {
      active = false;
      observer.disconnect();
    };
  }, []);

  const Heading = headingLevel;
  return (
    <article
      ref={card}
      data-intent="near"
      aria-labelledby={titleId}
      className={cn(
        "theme-dark relative isolate overflow-hidden rounded-3xl border border-gold-500/30 p-6 text-center shadow-2xl sm:p-8",
        className,
      )}
    >
      <GoldGlow from="top" />
      <Heading id={titleId} className="text-2xl font-semibold tracking-tight text-ink-50">
        {copy.title}
      </Heading>
      <p className="mx-auto mt-3 max-w-sm text-sm leading-relaxed text-ink-300">
        {copy.description}
      </p>

      <div className="mx-auto mt-7 w-full max-w-[300px] rounded-2xl bg-gradient-to-br from-gold-300 via-gold-500 to-gold-700 p-px shadow-[0_20px_60px_-25px_rgb(212_175_55/0.6)]">
        <div className="overflow-hidden rounded-2xl bg-black">
          {code ? (
            <img
              src={code.src}
              width={QR_OPTIONS.width}
              height={QR_OPTIONS.width}
              alt={copy.imageAlt(code.address)}
              className="block aspect-square h-auto w-full"
            />
          ) : (
            <div
              className="flex aspect-square w-full items-center justify-center text-gold-500/40"
              aria-hidden="true"
            >
              <QrCode className="size-16" strokeWidth={1.25} />
            </div>
          )}
        </div>
      </div>

      {code && (
        <>
          <p className="mt-5 text-sm font-medium break-all text-gold-400" data-testid="qr-address">
            {code.address}
          </p>
          <Button
            type="button"
            size="lg"
            className="mt-6 w-full sm:w-auto"
            onClick={() => saveDataUrl(code.src, copy.fileName)}
          >
            <Download aria-hidden="true" />
            {copy.download}
          </Button>
        </>
      )}
    </article>
  );
}
