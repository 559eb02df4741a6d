import { Fragment } from "react";

/**
 * A domain name that wraps after a dot or a hyphen, never inside a word: give its element
 * `break-words`, so only a single label wider than the line is ever split.
 */
export function DomainName({ domain }: { domain: string }) {
  return domain.split(".").map((label, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          .<wbr />
        </>
      )}
      {label}
    </Fragment>
  ));
}
