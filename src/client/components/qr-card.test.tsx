import { renderToString } from "react-dom/server";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QrCard } from "./qr-card";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// happy-dom lays nothing out, so its IntersectionObserver never reports the card in view: without
// one the card draws at once, as in an older browser. Drawing on scroll is a browser test.
beforeEach(() => {
  vi.stubGlobal("IntersectionObserver", undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.doUnmock("qrcode");
  vi.resetModules();
});

function pngBytes(dataUrl: string): number[] {
  const base64 = dataUrl.replace(/^data:image\/png;base64,/, "");
  return [...Buffer.from(base64, "base64")];
}

describe("QrCard", () => {
  it("renders its title and description on the server, with no button before the draw", () => {
    const html = renderToString(<QrCard />);
    expect(html).toContain("Scan to Visit Our Website");
    expect(html).toContain(
      "Share this QR code with clients, on business cards, or in marketing materials. Scan it to instantly visit our website.",
    );
    expect(html).not.toContain("Download QR Code");
    expect(html).not.toContain("<img");
  });

  it("draws the page's origin as a 300 px PNG, prints it and saves harborline-qr-code.png", async () => {
    render(<QrCard />);
    const button = await screen.findByRole("button", { name: "Download QR Code" });
    const origin = window.location.origin;
    expect(screen.getByTestId("qr-address").textContent).toBe(origin);

    const image = screen.getByRole("img", { name: `QR code that opens ${origin}` });
    const src = image.getAttribute("src") ?? "";
    expect(src).toMatch(/^data:image\/png;base64,/);
    const bytes = pngBytes(src);
    expect(bytes.slice(0, 8)).toEqual(PNG_SIGNATURE);
    // IHDR width and height.
    expect(Buffer.from(bytes).readUInt32BE(16)).toBe(300);
    expect(Buffer.from(bytes).readUInt32BE(20)).toBe(300);

    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    fireEvent.click(button);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe("harborline-qr-code.png");
    expect(clicked[0]?.href).toBe(src);
    expect(clicked[0]?.isConnected).toBe(false);
  });

  it('logs "QR Code generation error" and keeps the button hidden when drawing fails', async () => {
    const failure = new Error("no canvas");
    vi.doMock("qrcode", () => ({ default: { toDataURL: () => Promise.reject(failure) } }));
    const { QrCard: FreshQrCard } = await import("./qr-card");
    const logged = new Promise<unknown[]>((resolve) => {
      vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => resolve(args));
    });
    render(<FreshQrCard />);
    expect(await logged).toEqual(["QR Code generation error", failure]);
    expect(screen.queryByRole("button", { name: "Download QR Code" })).toBeNull();
    expect(screen.queryByTestId("qr-address")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
