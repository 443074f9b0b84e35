import { createContext, useContext } from 'react';
import type { PageDefinition } from '../../engine/definitions';
import { useFormStore } from './form-context';

/** The page PageRenderer draws; question components read field views against it. */
export const PageContext = createContext<PageDefinition | null>(null);

/** The page being drawn (the store's page outside a PageRenderer). */
export function usePage(): PageDefinition {
  const page = useContext(PageContext);
  const store = useFormStore();
  return page ?? store.getPage();
}
