import { type MenuNode, PermissionBit } from '../contract/index.ts';
import { CATALOGUE, type CatalogueEntry, isGroup, type ScreenDef } from './catalogue.ts';

/** The caller's mask on a screen (see auth/access.ts `maskOn`). */
export type MaskOf = (screen: string) => number;

function screenNode(screen: ScreenDef, mask: number): MenuNode {
  const node: MenuNode = {
    path: screen.path,
    name: screen.name,
    component: screen.component,
    meta: { ...screen.meta, permission: mask },
  };
  if (screen.redirect !== undefined) node.redirect = screen.redirect;
  if (screen.hidden !== undefined) node.hidden = screen.hidden;
  return node;
}

/**
 * The menu tree a user may see (docs/api.md "Menu tree"): a screen appears when the mask holds `view`
 * (or the screen is open to everyone); a group appears when any child does, its permission being the
 * union of its visible children's masks. @Admin's MaskOf answers 2047 everywhere, so it sees all.
 */
export function buildMenuTree(maskOf: MaskOf, catalogue: readonly CatalogueEntry[] = CATALOGUE): MenuNode[] {
  const visible = (screen: ScreenDef): MenuNode | null => {
    const mask = maskOf(screen.name);
    if (!screen.open && (mask & PermissionBit.view) === 0) return null;
    return screenNode(screen, screen.open ? mask | PermissionBit.view : mask);
  };

  const tree: MenuNode[] = [];
  for (const entry of catalogue) {
    if (!isGroup(entry)) {
      const node = visible(entry);
      if (node) tree.push(node);
      continue;
    }
    const children = entry.children.map(visible).filter((n): n is MenuNode => n !== null);
    if (children.length === 0) continue;
    const group: MenuNode = {
      path: entry.path,
      name: entry.name,
      component: entry.component,
      meta: { ...entry.meta, permission: children.reduce((all, c) => all | c.meta.permission, 0) },
      children,
    };
    if (entry.redirect !== undefined) group.redirect = entry.redirect;
    if (entry.alwaysShow !== undefined) group.alwaysShow = entry.alwaysShow;
    tree.push(group);
  }
  return tree;
}
