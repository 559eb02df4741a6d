import { Readable } from "node:stream";
import { count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentLimits } from "@shared/schemas/ticket-attachments";
import {
  callApi,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aClient, aClientUser, aStaffMember, aTicket } from "../../../../tests/support/factories";
import {
  MAX_ATTACHMENT_BYTES,
  supportTickets,
  ticketAttachments,
  ticketMessages,
  users,
  type User,
} from "../../db/schema";
import { SESSION_COOKIE } from "../../plugins/session";
import { databaseStore } from "../../tickets/attachment-store";
import { deleteStaleUploads, saveAttachment } from "../../tickets/attachments";

/** A real PNG: a photo-sized picture a client might attach. */
const png = await sharp({
  create: { width: 1200, height: 800, channels: 3, background: { r: 201, g: 162, b: 39 } },
})
  .png()
  .toBuffer();
/** A Windows program's first bytes (MZ header, PE signature), as an .exe starts. */
const exe = Buffer.alloc(1024);
exe.write("MZ", 0);
exe.writeUInt32LE(128, 60);
exe.write("PE\0\0", 128);

const staffEmail = "avery@harborline.example";

describe.each(databaseKinds)("ticket attachments on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  /** The client's owner, and their session. */
  let owner: User;
  let client: string;
  /** Another member of the client's company. */
  let colleague: string;
  /** A client of another company. */
  let stranger: string;
  /** A ticket the client's company has open. */
  let ticketId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail });
    const given = await aClient(db);
    owner = given.owner;
    const member = await aClientUser(db, given.company.id, { role: "member" });
    ticketId = (await aTicket(db, owner, given.company.id)).id;
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, owner.email);
    colleague = await signInAs(t, member.email);
    stranger = await signInAs(t, "owner@othercompany.example");
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);

  function upload(
    cookie: string,
    name: string,
    bytes: Buffer | Readable,
    contentType = "application/octet-stream",
  ) {
    return t.app.inject({
      method: "POST",
      url: `/api/tickets/attachments?name=${encodeURIComponent(name)}`,
      cookies: { [SESSION_COOKIE]: cookie },
      headers: { "content-type": contentType },
      payload: bytes,
    });
  }
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: "GET", url, cookies: { [SESSION_COOKIE]: cookie } });
  const attachmentRows = async () =>
    (await t.database.db.select({ n: count() }).from(ticketAttachments))[0]!.n;

  it("uploads, attaches to a new ticket, and serves the file to the company and to staff only", async () => {
    const uploaded = await upload(client, "Homepage – before.png", png, "image/png");
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json();
    expect(file).toEqual({
      id: expect.any(String),
      fileName: "Homepage – before.png",
      contentType: "image/png",
      sizeBytes: png.length,
      hasThumbnail: true,
    });

    const opened = await call(client, "POST", "/api/tickets", {
      subject: "The banner is cut off",
      message: "The banner on the home page is cut off on my phone, see the screenshot.",
      priority: "medium",
      attachmentIds: [file.id],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticket = (await call(client, "GET", `/api/tickets/${opened.json().id}`)).json();
    expect(ticket.messages[0].attachments).toEqual([file]);
    const asStaff = (await call(staff, "GET", `/api/admin/tickets/${ticket.id}`)).json();
    expect(asStaff.messages[0].attachments).toEqual([file]);

    for (const [cookie, url] of [
      [client, `/api/tickets/attachments/${file.id}`],
      [colleague, `/api/tickets/attachments/${file.id}`],
      [staff, `/api/admin/tickets/attachments/${file.id}`],
    ] as const) {
      const download = await get(cookie, url);
      expect(download.statusCode, url).toBe(200);
      expect(download.rawPayload.equals(png), url).toBe(true);
      expect(download.headers).toMatchObject({
        "content-type": "image/png",
        "content-disposition":
          "attachment; filename=\"Homepage _ before.png\"; filename*=UTF-8''Homepage%20%E2%80%93%20before.png",
        "x-content-type-options": "nosniff",
        "cache-control": "private, max-age=3600",
      });
      const preview = await get(cookie, `${url}/thumbnail`);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers).toMatchObject({
        "content-type": "image/webp",
        "x-content-type-options": "nosniff",
      });
      expect(String(preview.headers["content-disposition"])).toMatch(/^inline; /);
      const { width, height, format } = await sharp(preview.rawPayload).metadata();
      expect({ width, height, format }).toEqual({ width: 320, height: 213, format: "webp" });
    }

    // Another client, and staff on the clients' address (they are nobody's member), get 404.
    for (const [cookie, url] of [
      [stranger, `/api/tickets/attachments/${file.id}`],
      [stranger, `/api/tickets/attachments/${file.id}/thumbnail`],
      [staff, `/api/tickets/attachments/${file.id}`],
    ] as const) {
      const refused = await get(cookie, url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ message: "File not found" });
    }
    expect((await get(stranger, `/api/admin/tickets/attachments/${file.id}`)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/tickets/attachments/${file.id}` }))
        .statusCode,
    ).toBe(401);
  });

  it("attaches files to client and staff replies", async () => {
    const [ticket] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.subject, "The banner is cut off"));
    const notes = await upload(client, "notes.md", Buffer.from("# Banner\n\nTry **320 px**.\n"));
    expect(notes.json()).toMatchObject({ contentType: "text/plain", hasThumbnail: false });
    const replied = await call(client, "POST", `/api/tickets/${ticket!.id}/messages`, {
      body: "Here are my notes about the banner.",
      attachmentIds: [notes.json().id],
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().messages.at(-1).attachments).toEqual([notes.json()]);
    const text = await get(client, `/api/tickets/attachments/${notes.json().id}`);
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(text.body).toBe("# Banner\n\nTry **320 px**.\n");

    // Staff upload through the same address, and attach to their reply.
    const fixed = await upload(staff, "fixed.png", png);
    expect(fixed.statusCode).toBe(201);
    const answered = await call(staff, "POST", `/api/admin/tickets/${ticket!.id}/messages`, {
      body: "Fixed: the banner now scales down on phones.",
      attachmentIds: [fixed.json().id],
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const seen = (await call(colleague, "GET", `/api/tickets/${ticket!.id}`)).json();
    expect(seen.messages.at(-1)).toMatchObject({
      fromStaff: true,
      attachments: [fixed.json()],
    });
    expect((await get(colleague, `/api/tickets/attachments/${fixed.json().id}`)).statusCode).toBe(
      200,
    );
  });

  it("refuses a file over 10 MB with 413 and stores nothing, whether its size is announced or not", async () => {
    const before = await attachmentRows();
    const big = Buffer.alloc(11 * 1024 * 1024, "a");
    const announced = await upload(client, "site-backup.txt", big);
    expect(announced.statusCode).toBe(413);
    expect(announced.json()).toEqual({
      message:
        "site-backup.txt is larger than 10 MB. Attach a smaller file, or a link to where it is kept.",
    });
    // Sent in chunks with no Content-Length: reading stops at the limit.
    const streamed = await upload(client, "video.txt", Readable.from([big.subarray(0, 6e6), big]));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toMatch(/^video\.txt is larger than 10 MB\./);
    expect(await attachmentRows()).toBe(before);

    // The limit itself is allowed.
    const exact = await upload(client, "log.txt", Buffer.alloc(MAX_ATTACHMENT_BYTES, "b"));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().sizeBytes).toBe(attachmentLimits.maxBytes);
    expect(
      await call(client, "DELETE", `/api/tickets/attachments/${exact.json().id}`),
    ).toMatchObject({ statusCode: 204 });
  });

  it("finds the kind from the content: an .exe renamed .png gets 415, text must be UTF-8 text", async () => {
    const before = await attachmentRows();
    for (const [name, bytes] of [
      ["screenshot.png", exe],
      ["readme.txt", exe],
      ["notes.txt", Buffer.from("text with a \0 NUL")],
      ["latin1.csv", Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])],
      ["page.html", Buffer.from("<!doctype html><script>alert(1)</script>")],
      ["empty.png", Buffer.alloc(0)],
    ] as const) {
      const refused = await upload(client, name, bytes);
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json().message, name).toMatch(new RegExp(`^${name.replace(".", "\\.")} `));
    }
    const exeRefused = await upload(client, "screenshot.png", exe);
    expect(exeRefused.json().message).toBe(
      "screenshot.png cannot be attached: only images (PNG, JPEG, GIF, WebP), PDF, text (.txt, .log, .csv, .md) and ZIP files can. Put other files in a ZIP.",
    );
    expect(await attachmentRows()).toBe(before);

    // A PNG with the wrong ending keeps its kind and gains the right ending.
    const renamed = await upload(client, "..\\photo.exe", png);
    expect(renamed.json()).toMatchObject({ fileName: "photo.exe.png", contentType: "image/png" });
    await call(client, "DELETE", `/api/tickets/attachments/${renamed.json().id}`);

    // Signed out, or from another site: refused before the body is read.
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/tickets/attachments?name=a.png",
      headers: { "content-type": "application/octet-stream" },
      payload: png,
    });
    expect(signedOut.statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/tickets/attachments?name=a.png",
      cookies: { [SESSION_COOKIE]: client },
      headers: { "content-type": "application/octet-stream", origin: "https://evil.example" },
      payload: png,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await attachmentRows()).toBe(before);

    const noName = await upload(client, "", png);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual({ name: "Give the file's name as ?name=" });
  });

  it("refuses a sixth file, and anyone else's upload, sending nothing", async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 6; i++) ids.push((await upload(client, `shot-${i}.png`, png)).json().id);
    const mine = await call(client, "POST", "/api/tickets", {
      subject: "Six screenshots",
      message: "Here are six screenshots of the problem on the menu page.",
      attachmentIds: ids,
    });
    expect(mine.statusCode).toBe(400);
    expect(mine.json().errors).toEqual({
      attachmentIds: "At most 5 files can be attached to a message.",
    });

    const theirs = (await upload(colleague, "theirs.png", png)).json().id;
    const messagesBefore = (await t.database.db.select({ n: count() }).from(ticketMessages))[0]!.n;
    for (const attempt of [
      call(client, "POST", "/api/tickets", {
        subject: "Not my file",
        message: "Trying to attach a file a colleague uploaded.",
        attachmentIds: [ids[0], theirs],
      }),
      call(client, "POST", `/api/tickets/${ticketId}/messages`, {
        body: "Trying to attach a file a colleague uploaded.",
        attachmentIds: [theirs],
      }),
      call(staff, "POST", `/api/admin/tickets/${ticketId}/messages`, {
        body: "Staff cannot send a client's upload either.",
        attachmentIds: [theirs],
      }),
      call(client, "POST", "/api/tickets", {
        subject: "Unknown file",
        message: "Attaching an id that was never uploaded.",
        attachmentIds: ["00000000-0000-4000-8000-000000000000"],
      }),
    ]) {
      const refused = await attempt;
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^A file to attach is no longer there/);
    }
    expect((await t.database.db.select({ n: count() }).from(ticketMessages))[0]!.n).toBe(
      messagesBefore,
    );
    const stillPending = await t.database.db
      .select({ messageId: ticketAttachments.messageId })
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.id, [ids[0]!, theirs]));
    expect(stillPending).toEqual([{ messageId: null }, { messageId: null }]);

    // A pending upload is its uploader's alone: to see and to remove.
    expect((await get(client, `/api/tickets/attachments/${theirs}`)).statusCode).toBe(404);
    expect((await call(client, "DELETE", `/api/tickets/attachments/${theirs}`)).statusCode).toBe(
      404,
    );
    expect((await get(colleague, `/api/tickets/attachments/${theirs}`)).statusCode).toBe(200);
    expect((await call(colleague, "DELETE", `/api/tickets/attachments/${theirs}`)).statusCode).toBe(
      204,
    );
    for (const id of ids) await call(client, "DELETE", `/api/tickets/attachments/${id}`);
  });

  it("holds at most 20 unsent uploads per person", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const saved = await upload(stranger, `note-${i}.txt`, Buffer.from(`note ${i}\n`));
      expect(saved.statusCode).toBe(201);
      ids.push(saved.json().id);
    }
    const refused = await upload(stranger, "one-more.txt", Buffer.from("one more\n"));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You have many files waiting to be sent/);
    // Removing one makes room again.
    await call(stranger, "DELETE", `/api/tickets/attachments/${ids[0]}`);
    expect((await upload(stranger, "one-more.txt", Buffer.from("one more\n"))).statusCode).toBe(
      201,
    );
  });

  it("holds the limit when 40 uploads arrive at once: 20 kept, the rest 429", async () => {
    const hurried = await signInAs(t, "hurried@example.com");
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        upload(hurried, `at-once-${i}.txt`, Buffer.from(`at once ${i}\n`)),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(20);
    expect(codes.filter((code) => code === 429)).toHaveLength(20);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json().message).toMatch(/^You have many files waiting to be sent/);
    }
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "hurried@example.com"));
    const [pending] = await t.database.db
      .select({ n: count() })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.uploadedBy, user!.id));
    expect(pending!.n).toBe(20);
  });

  it("keeps an image over 25 megapixels without a preview, and previews one under it", async () => {
    // Small files that declare many pixels: one colour, compressed to about 100 KB.
    const picture = (side: number) =>
      sharp({ create: { width: side, height: side, channels: 3, background: "#c9a227" } })
        .png()
        .toBuffer();
    const uploader = await signInAs(t, "photographer@example.com");
    const over = await upload(uploader, "huge.png", await picture(6_300));
    expect(over.statusCode, over.body).toBe(201);
    expect(over.json()).toMatchObject({ contentType: "image/png", hasThumbnail: false });
    const preview = await get(uploader, `/api/tickets/attachments/${over.json().id}/thumbnail`);
    expect(preview.statusCode).toBe(404);
    expect(preview.json()).toEqual({ message: "Preview not found" });

    const under = await upload(uploader, "large.png", await picture(5_000));
    expect(under.json()).toMatchObject({ contentType: "image/png", hasThumbnail: true });
  });

  it("the cleanup deletes only uploads left unsent for over a day", async () => {
    const save = async (name: string, messageId?: string) => {
      const saved = await saveAttachment(t.database.db, databaseStore, {
        uploadedBy: owner.id,
        fileName: name,
        bytes: png,
        ...(messageId ? { messageId } : {}),
      });
      if (!saved.ok) throw new Error(saved.message);
      return saved.value.id;
    };
    const [message] = await t.database.db.select().from(ticketMessages).limit(1);
    const oldPending = await save("old-pending.png");
    const newPending = await save("new-pending.png");
    // Attached at once, as an email's files are.
    const oldSent = await save("old-sent.png", message!.id);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await t.database.db
      .update(ticketAttachments)
      .set({ createdAt: twoDaysAgo })
      .where(inArray(ticketAttachments.id, [oldPending, oldSent]));

    expect(await deleteStaleUploads(t.database.db, databaseStore)).toBe(1);
    const left = await t.database.db
      .select({ id: ticketAttachments.id })
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.id, [oldPending, newPending, oldSent]));
    expect(left.map((row) => row.id).sort()).toEqual([newPending, oldSent].sort());
    // A second pass (another instance) finds nothing more to do.
    expect(await deleteStaleUploads(t.database.db, databaseStore)).toBe(0);

    // Two instances at once, in batches: each old upload is deleted by exactly one of them.
    const old = await Promise.all(["a", "b", "c", "d", "e"].map((n) => save(`stale-${n}.png`)));
    await t.database.db
      .update(ticketAttachments)
      .set({ createdAt: twoDaysAgo })
      .where(inArray(ticketAttachments.id, old));
    const passes = await Promise.all([
      deleteStaleUploads(t.database.db, databaseStore, new Date(), 2),
      deleteStaleUploads(t.database.db, databaseStore, new Date(), 2),
    ]);
    expect(passes[0] + passes[1]).toBe(5);
    const stale = await t.database.db
      .select({ id: ticketAttachments.id })
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.id, old));
    expect(stale).toEqual([]);
  });
});
