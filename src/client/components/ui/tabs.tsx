import * as React from "react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";

export const Tabs = TabsPrimitive.Root;

/** The caller sets the display and the corners, so they can change with the breakpoint. */
export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        "min-h-12 flex-wrap items-center gap-1 border border-border bg-muted p-1 text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

/** The caller sets the corners. */
export function TabsTrigger({
  className,
  onMouseDown,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      onMouseDown={(event) => {
        // Radix focuses the tab by script on mouse down (and on a tap), which browsers ring as
        // if it came from the keyboard. Focused here first, without the ring, it keeps the ring
        // for the keyboard only.
        if (event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus({ focusVisible: false } as FocusOptions);
        }
        onMouseDown?.(event);
      }}
      className={cn(
        "inline-flex h-10 cursor-pointer items-center justify-center gap-2 px-4 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-foreground data-[state=active]:text-background data-[state=active]:shadow [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

/** The caller sets the space above. */
export function TabsContent(props: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" {...props} />;
}
