import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { Button } from '@client/components/ui/button';
import { paths } from '@shared/client-paths';

/**
 * Back where the customer came from; when checkout was the first page of this visit (a link
 * from an email, a new tab), back to the confirmation of the order.
 */
export function BackButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromThisApp = location.key !== 'default';
  const back = () => (cameFromThisApp ? navigate(-1) : navigate(paths.orderConfirm({ orderId })));
  return (
    <Button variant="outline" size="lg" className="w-full" onClick={back}>
      <ArrowLeft className="size-5" aria-hidden />
      {t('checkout.back')}
    </Button>
  );
}
