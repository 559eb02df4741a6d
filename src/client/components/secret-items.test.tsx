import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SecretShownOnce } from "./secret-items";

afterEach(cleanup);

describe("SecretShownOnce", () => {
  it("shows the secret once with the command that uses it", () => {
    let done = 0;
    render(
      <SecretShownOnce
        title="Token “Host” created"
        secretName="it"
        secretLabel="The new usage token"
        secret="hlu_secret"
        copyLabel="Copy token"
        usageTitle="Report a day's bytes"
        usage="curl -H 'Authorization: Bearer hlu_secret'"
        onDone={() => done++}
      />,
    );
    expect(screen.getByLabelText("The new usage token")).toHaveProperty("value", "hlu_secret");
    expect(screen.getByRole("button", { name: "Copy token" })).toBeTruthy();
    expect(screen.getByText("Report a day's bytes")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy command" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "I have copied it" }));
    expect(done).toBe(1);
  });

  it("shows a secret with no command and a note after the warning", () => {
    const { container } = render(
      <SecretShownOnce
        title="Link “Dana” created"
        secretName="it"
        secretLabel="The new share link"
        secret="https://www.example.test/share/hls_secret"
        copyLabel="Copy link"
        note="Send the password another way than the link."
        onDone={() => {}}
      />,
    );
    expect(screen.getByLabelText("The new share link")).toHaveProperty(
      "value",
      "https://www.example.test/share/hls_secret",
    );
    expect(screen.getByRole("region", { name: "Link “Dana” created" }).textContent).toContain(
      "Copy it now: it is shown only this once. Only a fingerprint of it is kept. Send the password another way than the link.",
    );
    expect(screen.queryByRole("button", { name: "Copy command" })).toBeNull();
    expect(container.querySelector("pre")).toBeNull();
    expect(screen.getByRole("button", { name: "I have copied it" })).toBeTruthy();
  });
});
