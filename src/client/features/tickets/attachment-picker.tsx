import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
} from "react";
import { AlertCircle, CheckCircle2, Paperclip, Upload as UploadIcon, X } from "lucide-react";
import {
  attachmentKinds,
  attachmentLimits,
  attachmentMessages,
  hasAcceptedExtension,
  type Attachment,
} from "@shared/schemas/ticket-attachments";
import { formatBytes } from "@shared/format";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { discardUpload, thumbnailUrl, uploadAttachment, type Upload } from "./attachments-api";
import { FileKindIcon } from "./attachment-list";

/** A file chosen for the message: uploading, attached (uploaded, waiting to be sent) or refused. */
type PickedFile = {
  key: number;
  name: string;
  size: number;
  state: "uploading" | "attached" | "failed";
  /** 0 to 1. */
  progress: number;
  error?: string;
  attachment?: Attachment;
};

/** What the file chooser offers: every accepted ending. */
const accept = Object.values(attachmentKinds)
  .flat()
  .map((ending) => `.${ending}`)
  .join(",");

/** A quick answer in the browser before uploading; the server checks the bytes themselves. */
function refusal(file: File, name: string, taken: number): string | undefined {
  if (taken >= attachmentLimits.perMessage) {
    return `${name} was not added: ${attachmentMessages.tooMany}`;
  }
  if (file.size > attachmentLimits.maxBytes) return attachmentMessages.tooLarge(name);
  if (file.size === 0) return attachmentMessages.empty(name);
  const knownType = file.type in attachmentKinds && file.type !== "text/plain";
  if (!hasAcceptedExtension(name) && !knownType) return attachmentMessages.wrongType(name);
  return undefined;
}

/** Words for a failed upload. */
function uploadError(error: unknown, name: string): string {
  if (error instanceof ApiError) {
    return error.json?.message ?? `${name} could not be uploaded (${error.status}). Try again.`;
  }
  return `${name} could not be uploaded: check your connection and try again.`;
}

/**
 * The files of one message being written: each is uploaded as soon as it is chosen, dropped or
 * pasted, with its progress; the message then sends their ids. Uploads removed (or left when
 * the form closes unsent) are deleted.
 */
export function useAttachmentPicker() {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState("");
  const [dragging, setDragging] = useState(false);
  /** The list as last changed (state lags a render behind): what add() counts. */
  const current = useRef<PickedFile[]>([]);
  const uploads = useRef(new Map<number, Upload>());
  const nextKey = useRef(1);
  const pasted = useRef(0);

  const setList = useCallback((change: (list: PickedFile[]) => PickedFile[]) => {
    current.current = change(current.current);
    setFiles(current.current);
  }, []);
  const update = useCallback(
    (key: number, change: Partial<PickedFile>) =>
      setList((list) => list.map((file) => (file.key === key ? { ...file, ...change } : file))),
    [setList],
  );

  const add = useCallback(
    (chosen: File[]) => {
      if (chosen.length === 0) return;
      setProblem("");
      let taken = current.current.filter((file) => file.state !== "failed").length;
      const added: PickedFile[] = [];
      const refused: string[] = [];
      for (const file of chosen) {
        const key = nextKey.current++;
        const name = file.name || "file";
        const error = refusal(file, name, taken);
        if (error) {
          added.push({ key, name, size: file.size, state: "failed", progress: 0, error });
          refused.push(error);
          continue;
        }
        taken += 1;
        added.push({ key, name, size: file.size, state: "uploading", progress: 0 });
        const upload = uploadAttachment(file, (progress) => update(key, { progress }));
        uploads.current.set(key, upload);
        upload.done.then(
          (attachment) => {
            uploads.current.delete(key);
            update(key, { state: "attached", progress: 1, attachment, name: attachment.fileName });
            setAnnouncement(`${attachment.fileName} attached.`);
          },
          (failure: unknown) => {
            uploads.current.delete(key);
            if (failure instanceof DOMException && failure.name === "AbortError") return;
            const message = uploadError(failure, name);
            update(key, { state: "failed", error: message });
            setAnnouncement(message);
          },
        );
      }
      setList((list) => [...list, ...added]);
      const uploading = added.length - refused.length;
      setAnnouncement(
        [
          uploading > 0 ? `Uploading ${uploading === 1 ? "1 file" : `${uploading} files`}.` : "",
          ...refused,
        ]
          .filter(Boolean)
          .join(" "),
      );
    },
    [update, setList],
  );

  const remove = useCallback(
    (key: number) => {
      const file = current.current.find((item) => item.key === key);
      if (!file) return;
      uploads.current.get(key)?.abort();
      uploads.current.delete(key);
      if (file.attachment) discardUpload(file.attachment.id);
      setList((list) => list.filter((item) => item.key !== key));
      setAnnouncement(`${file.name} removed.`);
    },
    [setList],
  );

  /** After sending: the files went with the message. */
  const reset = useCallback(() => {
    setList(() => []);
    setProblem("");
    setAnnouncement("");
  }, [setList]);

  // A form closed unsent: stop its uploads and delete what was uploaded.
  useEffect(
    () => () => {
      for (const upload of uploads.current.values()) upload.abort();
      for (const file of current.current) if (file.attachment) discardUpload(file.attachment.id);
    },
    [],
  );

  /** A screenshot pasted into the message box is attached (text pastes as usual). */
  const onPaste = useCallback(
    (event: ClipboardEvent) => {
      const pastedFiles = Array.from(event.clipboardData.files);
      if (pastedFiles.length === 0) return;
      event.preventDefault();
      add(
        pastedFiles.map((file) => {
          // Browsers call every pasted picture image.png: number them so they can be told apart.
          pasted.current += 1;
          const ending = file.name.includes(".") ? file.name.slice(file.name.lastIndexOf(".")) : "";
          return new File([file], `pasted-image-${pasted.current}${ending || ".png"}`, {
            type: file.type,
          });
        }),
      );
    },
    [add],
  );

  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  /** Spread on the form: files dropped anywhere on it are attached. */
  const dropZone = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      add(Array.from(event.dataTransfer.files));
    },
  };

  return {
    files,
    announcement,
    problem,
    dragging,
    add,
    remove,
    reset,
    onPaste,
    dropZone,
    /** A refusal of the files when the message was sent, shown with them. */
    fail: setProblem,
    /** The uploads to send with the message. */
    ids: files.flatMap((file) => (file.attachment ? [file.attachment.id] : [])),
    /** True while a file is still uploading: the message waits for it. */
    busy: files.some((file) => file.state === "uploading"),
  };
}

export type AttachmentPickerState = ReturnType<typeof useAttachmentPicker>;

/** Shown over the form while files are dragged onto it. */
export function DropOverlay({ picker }: { picker: AttachmentPickerState }) {
  if (!picker.dragging) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-2xl border-2 border-dashed border-gold-500 bg-gold-50/90"
    >
      <span className="flex items-center gap-2 text-base font-semibold text-ink-950">
        <UploadIcon className="size-5" />
        Drop files to attach them
      </span>
    </div>
  );
}

function PickedRow({ file, onRemove }: { file: PickedFile; onRemove: () => void }) {
  const percent = Math.round(file.progress * 100);
  const preview = file.attachment?.hasThumbnail ? thumbnailUrl("client", file.attachment.id) : "";
  return (
    <li
      className={cn(
        "flex min-w-0 items-center gap-3 rounded-xl border bg-background p-2.5",
        file.state === "failed" ? "border-destructive/50" : "border-border",
      )}
    >
      {preview ? (
        <img
          src={preview}
          alt=""
          className="size-11 shrink-0 rounded-lg border border-border object-cover"
        />
      ) : (
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          {file.state === "failed" ? (
            <AlertCircle className="size-5 text-destructive" aria-hidden="true" />
          ) : (
            <FileKindIcon
              contentType={file.attachment?.contentType ?? ""}
              fileName={file.name}
              className="size-5"
            />
          )}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-sm font-medium text-foreground" title={file.name}>
          {file.name}
        </span>
        {file.state === "uploading" && (
          <>
            <div
              role="progressbar"
              aria-label={`Uploading ${file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-gold-500 transition-[width] duration-200 motion-reduce:transition-none"
                style={{ width: `${percent}%` }}
              />
            </div>
            <span className="text-xs text-muted-foreground">
              Uploading… {percent}% of {formatBytes(file.size)}
            </span>
          </>
        )}
        {file.state === "attached" && (
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <CheckCircle2 className="size-3.5 text-emerald-700" aria-hidden="true" />
            Attached · {formatBytes(file.size)}
          </span>
        )}
        {file.state === "failed" && (
          <span className="text-xs leading-snug font-medium text-destructive">{file.error}</span>
        )}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label={file.state === "failed" ? `Dismiss ${file.name}` : `Remove ${file.name}`}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * The attachment part of a message form: a button to choose files (the form also takes them
 * dropped, and the message box pasted), each file with its progress or what went wrong, and a
 * button to remove it before sending.
 */
export function AttachmentPicker({
  picker,
  id,
  className,
}: {
  picker: AttachmentPickerState;
  id: string;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { files } = picker;
  return (
    <div className={cn("flex min-w-0 flex-col gap-3", className)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-hint`}
        >
          <Paperclip aria-hidden="true" />
          Attach files
        </Button>
        <p id={`${id}-hint`} className="min-w-0 flex-1 basis-56 text-xs text-muted-foreground">
          Up to {attachmentLimits.perMessage} files, 10 MB each: images, PDF, text or ZIP. You can
          also drop files here or paste a screenshot into the message.
        </p>
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={accept}
        tabIndex={-1}
        aria-label="Attach files"
        className="sr-only"
        onChange={(event) => {
          picker.add(Array.from(event.target.files ?? []));
          // Choosing the same file again after removing it is a change too.
          event.target.value = "";
        }}
      />
      {files.length > 0 && (
        <ul aria-label="Files to send" className="grid gap-2 sm:grid-cols-2">
          {files.map((file) => (
            <PickedRow key={file.key} file={file} onRemove={() => picker.remove(file.key)} />
          ))}
        </ul>
      )}
      {picker.problem && (
        <p role="alert" className="flex items-start gap-1.5 text-sm font-medium text-destructive">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {picker.problem}
        </p>
      )}
      {picker.busy && (
        <p className="text-xs text-muted-foreground">
          Sending waits until the files have finished uploading.
        </p>
      )}
      <p role="status" className="sr-only">
        {picker.announcement}
      </p>
    </div>
  );
}
