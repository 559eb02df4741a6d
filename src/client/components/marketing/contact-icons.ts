import { Clock, Mail, MapPin, MessageCircle, Phone, Ticket, type LucideIcon } from "lucide-react";
import type { ContactIcon } from "@content/contact-page";

/** The drawing for each icon name the contact page copy uses. */
export const contactIcons: Record<ContactIcon, LucideIcon> = {
  email: Mail,
  phone: Phone,
  office: MapPin,
  hours: Clock,
  chat: MessageCircle,
  ticket: Ticket,
};
