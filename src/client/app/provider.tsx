import type { ReactNode } from 'react';
import { ToastHost } from '@client/components/ui/toast';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToastHost />
    </>
  );
}
