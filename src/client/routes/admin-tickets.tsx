import { TicketList } from '@client/features/support/admin/ticket-list';

export default function AdminTicketsRoute() {
  return <TicketList />;
}
