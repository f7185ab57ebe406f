import { create } from 'zustand';

interface LayoutState {
  /** Desktop: the sidebar shows icons only. */
  collapsed: boolean;
  /** Mobile: the sidebar drawer is open. */
  drawerOpen: boolean;
  settingsOpen: boolean;
  toggle: (mobile: boolean) => void;
  closeDrawer: () => void;
  openSettings: (open: boolean) => void;
}

export const useLayout = create<LayoutState>()((set) => ({
  collapsed: false,
  drawerOpen: false,
  settingsOpen: false,
  toggle: (mobile) => set((s) => (mobile ? { drawerOpen: !s.drawerOpen } : { collapsed: !s.collapsed })),
  closeDrawer: () => set({ drawerOpen: false }),
  openSettings: (open) => set({ settingsOpen: open }),
}));
