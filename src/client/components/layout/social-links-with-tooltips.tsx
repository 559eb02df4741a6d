import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { SocialLinkList } from "./social-links";

/** The social links, each naming its network in a tooltip on hover or focus. */
export function SocialLinksWithTooltips() {
  return (
    <TooltipProvider>
      <SocialLinkList
        wrap={(social, link) => (
          <Tooltip>
            <TooltipTrigger asChild>{link}</TooltipTrigger>
            <TooltipContent>{social.label}</TooltipContent>
          </Tooltip>
        )}
      />
    </TooltipProvider>
  );
}
