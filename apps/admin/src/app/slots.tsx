import { lazy, Suspense } from 'react';
import type { LinkedDocumentsProps, Slots } from '../platform/slots';

// loaded with the first product page that shows it, not with the shell
const LazyLinkedDocuments = lazy(async () => ({ default: (await import('../features/documents')).LinkedDocuments }));

function LinkedDocuments(props: LinkedDocumentsProps) {
  return (
    <Suspense fallback={null}>
      <LazyLinkedDocuments {...props} />
    </Suspense>
  );
}

/** What the app puts in the features' slots (platform/slots.tsx). */
export const slots: Slots = { LinkedDocuments };
