import { useParams } from '@client/lib/router';
import { TicketPage } from '@client/features/support/admin/ticket-page';

export default function AdminTicketRoute() {
  const { id = '' } = useParams();
  return <TicketPage key={id} ticketId={id} />;
}
