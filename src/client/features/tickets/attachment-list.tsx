import { Download, File, FileArchive, FileImage, FileText } from "lucide-react";
import type { Attachment } from "@shared/schemas/ticket-attachments";
import { formatBytes } from "@shared/format";
import { cn } from "@/lib/utils";
import { attachmentUrl, thumbnailUrl, type AttachmentScope } from "./attachments-api";

/** An icon for a kind of file (by its type, else its name). */
export function FileKindIcon({
  contentType,
  fileName,
  className,
}: {
  contentType: string;
  fileName: string;
  className?: string;
}) {
  const name = fileName.toLowerCase();
  const Icon =
    contentType.startsWith("image/") || /\.(png|jpe?g|gif|webp)$/.test(name)
      ? FileImage
      : contentType === "application/zip" || name.endsWith(".zip")
        ? FileArchive
        : contentType === "application/pdf" ||
            contentType === "text/plain" ||
            /\.(pdf|txt|log|csv|md)$/.test(name)
          ? FileText
          : File;
  return <Icon className={className} aria-hidden="true" />;
}

/**
 * A message's files: images as thumbnails, other files as a chip with their name and size. Each
 * is a link that downloads the file.
 */
export function AttachmentList({
  attachments,
  scope,
  className,
}: {
  attachments: Attachment[];
  scope: AttachmentScope;
  className?: string;
}) {
  if (attachments.length === 0) return null;
  const images = attachments.filter((file) => file.hasThumbnail);
  const others = attachments.filter((file) => !file.hasThumbnail);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {images.length > 0 && (
        <ul aria-label="Images" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {images.map((file) => (
            <li key={file.id}>
              <a
                href={attachmentUrl(scope, file.id)}
                download={file.fileName}
                title={`Download ${file.fileName} (${formatBytes(file.sizeBytes)})`}
                className="group relative block overflow-hidden rounded-xl border border-border bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <img
                  src={thumbnailUrl(scope, file.id)}
                  alt={`${file.fileName}, ${formatBytes(file.sizeBytes)}`}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover transition-opacity group-hover:opacity-90 sm:aspect-auto sm:h-32 sm:w-48"
                />
                <span className="absolute right-1.5 bottom-1.5 flex size-7 items-center justify-center rounded-full bg-ink-950/75 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                  <Download className="size-3.5" aria-hidden="true" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul aria-label="Files" className="flex flex-wrap gap-2">
          {others.map((file) => (
            <li key={file.id} className="max-w-full min-w-0">
              <a
                href={attachmentUrl(scope, file.id)}
                download={file.fileName}
                className="flex max-w-full min-w-0 items-center gap-2 rounded-full border border-border bg-background py-1.5 pr-3.5 pl-2.5 text-sm text-foreground transition-colors hover:border-foreground/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <FileKindIcon
                  contentType={file.contentType}
                  fileName={file.fileName}
                  className="size-4 shrink-0 text-muted-foreground"
                />
                <span className="min-w-0 truncate font-medium">{file.fileName}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {formatBytes(file.sizeBytes)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
