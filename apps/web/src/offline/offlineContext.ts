import { createContext } from 'react';
import type { OfflineCopy } from './offlineCopy';

/** The page's one OfflineCopy (main.tsx); null where none was made (component tests). */
export const OfflineContext = createContext<OfflineCopy | null>(null);
