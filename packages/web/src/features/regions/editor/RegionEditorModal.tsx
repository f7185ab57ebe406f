import type { RegionRow } from '../api';

export interface RegionEditorModalProps {
  /** null adds a region; a row edits it (name, sharing, use, image, remark and the drawn shape). */
  region: RegionRow | null;
  open: boolean;
  onClose: () => void;
  /** After a successful save, with the stored row. */
  onSaved: (row: RegionRow) => void;
}

// INTERFACE ONLY (groundwork): the fence-selector helper replaces this body with the 1000×600 map dialog.
export function RegionEditorModal(_props: RegionEditorModalProps) {
  return null;
}
