import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** Which product or product group the linked documents are listed for. */
export interface LinkedDocumentsProps {
  businessUnitId: number;
  productId?: number;
  productGroupId?: number;
}

/**
 * Pieces a feature shows inside another feature's page where importing them would make the two
 * features import each other (docs/decisions/0055): documents link to products, and a product's
 * page lists its documents. The app fills the slots; a page rendered without them leaves them out.
 */
export interface Slots {
  /** The documents linked to a product or product group, below its form. */
  LinkedDocuments?: ComponentType<LinkedDocumentsProps>;
}

const SlotsContext = createContext<Slots>({});

export function SlotsProvider({ slots, children }: { slots: Slots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

export const useSlots = (): Slots => useContext(SlotsContext);
