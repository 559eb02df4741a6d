import type { Worker } from "node:cluster";
import {
  AggregatorRegistry,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from "prom-client";

type Figures = MetricObjectWithValues<MetricValue<string>>[];
type Request = { type: typeof REQUEST; id: number };
type Answer = { type: typeof ANSWER; id: number; figures: Figures };

const REQUEST = "harborline:metrics?";
const ANSWER = "harborline:metrics";
/** A process that has not answered by then is left out of that scrape (it may be stopping). */
const ANSWER_WITHIN_MS = 3_000;

const isRequest = (message: unknown): message is Request =>
  (message as Request | null)?.type === REQUEST;
const isAnswer = (message: unknown): message is Answer =>
  (message as Answer | null)?.type === ANSWER;

/** In a server process started by processes.ts: sends its figures when the first one asks. */
export function answerScrapes(scrapeJson: () => Promise<Figures>) {
  process.on("message", (message) => {
    if (!isRequest(message)) return;
    void scrapeJson().then(
      (figures) => process.send?.({ type: ANSWER, id: message.id, figures } satisfies Answer),
      () => process.send?.({ type: ANSWER, id: message.id, figures: [] } satisfies Answer),
    );
  });
}

let nextId = 0;

/**
 * In the process that started the others: asks each serving process for its figures and
 * answers them all in one text, each series keeping its `process` label (so nothing is summed).
 */
export async function gatherScrapes(workers: Iterable<Worker>): Promise<string> {
  const id = nextId++;
  const asked = [...workers].filter((worker) => worker.isConnected());
  const answers = await Promise.all(
    asked.map(
      (worker) =>
        new Promise<Figures>((resolve) => {
          const timer = setTimeout(() => done([]), ANSWER_WITHIN_MS);
          function done(figures: Figures) {
            clearTimeout(timer);
            worker.off("message", listen);
            resolve(figures);
          }
          function listen(message: unknown) {
            if (isAnswer(message) && message.id === id) done(message.figures);
          }
          worker.on("message", listen);
          worker.send({ type: REQUEST, id } satisfies Request);
        }),
    ),
  );
  // Every series carries its process's label: "first" of one is that one, so all are kept.
  const figures = answers.map((list) => list.map((metric) => ({ ...metric, aggregator: "first" })));
  return AggregatorRegistry.aggregate(figures as Figures[]).metrics();
}

export const clusterContentType = Registry.PROMETHEUS_CONTENT_TYPE;
