import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import { aClient } from "../../../tests/support/factories";
import { ticketAttachments, type User } from "../db/schema";
import { SESSION_COOKIE } from "../plugins/session";
import { s3Store } from "./attachment-s3";
import { databaseStore, objectKey } from "./attachment-store";
import { deleteOrphanObjects, deleteStaleUploads, saveAttachment } from "./attachments";

/*
 * The S3 store against a real S3-compatible server on this machine: TEST_S3_ENDPOINT when set
 * (MinIO, say, with TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY), else moto_server
 * (Python's moto, which speaks the S3 REST API) when it is installed. Neither: skipped, said so.
 */
const endpointGiven = process.env.TEST_S3_ENDPOINT;
const motoInstalled =
  !endpointGiven && spawnSync("moto_server", ["--help"], { stdio: "ignore" }).status === 0;
const s3Available = Boolean(endpointGiven) || motoInstalled;
if (!s3Available) {
  console.warn("S3 store tests: SKIPPED (set TEST_S3_ENDPOINT or install moto_server)");
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForServer(url: string, deadline = Date.now() + 30_000) {
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

const png = await sharp({
  create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 64, b: 120 } },
})
  .png()
  .toBuffer();

describe.skipIf(!s3Available)("ticket attachments in S3-compatible storage", () => {
  let moto: ChildProcess | undefined;
  let t: TestApp;
  /** A client who uploads files, and their session. */
  let owner: User;
  let client: string;
  let settings: Parameters<typeof s3Store>[0];
  let store: ReturnType<typeof s3Store>;

  beforeAll(async () => {
    let endpoint = endpointGiven;
    if (!endpoint) {
      const port = await freePort();
      moto = spawn("moto_server", ["-H", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
      endpoint = `http://127.0.0.1:${port}`;
    }
    await waitForServer(endpoint);
    settings = {
      bucket: `harborline-test-${Date.now()}`,
      region: "us-east-1",
      endpoint,
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "testing",
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "testing",
      forcePathStyle: true,
    };
    store = s3Store(settings);
    await store.client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
    t = await createTestApp("pglite", {
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    });
    ({ owner } = await aClient(t.database.db));
    client = await signInAs(t, owner.email);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    store?.client.destroy();
    moto?.kill();
  });

  const objectBytes = async (key: string) => {
    const answer = await store.client.send(
      new GetObjectCommand({ Bucket: settings.bucket, Key: key }),
    );
    return Buffer.from(await answer.Body!.transformToByteArray());
  };
  const objectExists = (key: string) =>
    store.client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key })).then(
      () => true,
      (error: { name?: string }) => {
        if (error.name === "NotFound") return false;
        throw error;
      },
    );

  it("keeps the bytes in the bucket, the preview and the facts in the row, and serves them", async () => {
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/tickets/attachments?name=banner.png",
      cookies: { [SESSION_COOKIE]: client },
      headers: { "content-type": "application/octet-stream" },
      payload: png,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json();
    const [row] = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, id));
    expect(row).toMatchObject({ storage: "s3", storageKey: objectKey(id), content: null });
    expect(row!.thumbnail).not.toBeNull();
    expect((await objectBytes(objectKey(id))).equals(png)).toBe(true);

    const download = await t.app.inject({
      method: "GET",
      url: `/api/tickets/attachments/${id}`,
      cookies: { [SESSION_COOKIE]: client },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);

    // Removed before sending: the object goes with the row.
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/tickets/attachments/${id}`,
      cookies: { [SESSION_COOKIE]: client },
    });
    expect(removed.statusCode).toBe(204);
    expect(await objectExists(objectKey(id))).toBe(false);
  });

  it("reads files stored in the database before S3 was set up, and cleans up stale uploads in both", async () => {
    const inDatabase = await saveAttachment(t.database.db, databaseStore, {
      uploadedBy: owner.id,
      fileName: "old.png",
      bytes: png,
    });
    const inBucket = await saveAttachment(t.database.db, store, {
      uploadedBy: owner.id,
      fileName: "new.png",
      bytes: png,
    });
    if (!inDatabase.ok || !inBucket.ok) throw new Error("not saved");
    const dbRef = { id: inDatabase.value.id, storage: "database", storageKey: null };
    expect((await store.get(t.database.db, dbRef)).equals(png)).toBe(true);

    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await deleteStaleUploads(t.database.db, store, later)).toBe(2);
    expect(await objectExists(objectKey(inBucket.value.id))).toBe(false);
    expect(await t.database.db.select().from(ticketAttachments)).toEqual([]);
  });

  it("sweeps objects whose row is gone (a client erased), a day on, and keeps the others", async () => {
    const save = async (fileName: string) => {
      const saved = await saveAttachment(t.database.db, store, {
        uploadedBy: owner.id,
        fileName,
        bytes: png,
      });
      if (!saved.ok) throw new Error(saved.message);
      return saved.value.id;
    };
    const kept = await save("kept.png");
    const erased = await save("erased.png");
    // The row goes as an erasure's cascade takes it: the object stays behind.
    await t.database.db.delete(ticketAttachments).where(eq(ticketAttachments.id, erased));
    expect(await objectExists(objectKey(erased))).toBe(true);

    // Not before a day: a row may be on its way.
    expect(await deleteOrphanObjects(t.database.db, store)).toBe(0);
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await deleteOrphanObjects(t.database.db, store, later)).toBe(1);
    expect(await objectExists(objectKey(erased))).toBe(false);
    expect(await objectExists(objectKey(kept))).toBe(true);
    expect(await deleteOrphanObjects(t.database.db, store, later)).toBe(0);
  });
});
