import { searchLines } from './order-search';

/*
 * The administrators' ticket search: support_tickets.search_text holds the
 * requester's name, email and request, folded in JavaScript as orders.search_text is (ADR 0012),
 * so "perez" finds "Pérez" on both databases whatever their locale; searched with searchPattern
 * and LIKE on a pg_trgm index. Written by createTicket; the 0014 data migration filled older rows.
 */

export interface SearchableTicket {
  name: string;
  email: string;
  supportMessage: string;
}

export function ticketSearchText(ticket: SearchableTicket): string {
  return searchLines([ticket.name, ticket.email, ticket.supportMessage]);
}
