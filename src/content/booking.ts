/**
 * The Discovery Call visitors book at /book: what it is called, where it happens and what the
 * page says. The weekly hours are each staff member's own (their account page); the time zone
 * they are read in is brand.timeZone (site.ts).
 */

export interface BookingContent {
  /** The call's name, in the page's heading, the emails and the calendar invitation. */
  callName: string;
  /** What the call is for: one or two sentences under the heading and in the invitation. */
  summary: string;
  /**
   * Where the call happens: the agency's video-call room, put in the invitation's LOCATION and
   * URL and in every email about the call.
   */
  meetingLink: string;
}

// PLACEHOLDER meeting room: point it at the agency's own video-call room before going live.
export const booking: BookingContent = {
  callName: "Discovery Call",
  summary:
    "Thirty minutes to talk through your project, your goals and your timeline, with no obligation.",
  meetingLink: "https://meet.harborline.example/discovery",
};
