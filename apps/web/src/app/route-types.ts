import type { Permission, PlanFeature } from '@vigil/contracts';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { MenuIcon } from './menu/menu-icons.ts';

export type LayoutKind = 'vertical' | 'blank';

export type MenuGroupId = 'analytics' | 'resources' | 'checklists' | 'logs';

/** Help banner topics (spec 1 §2): text `shell:help.<topic>`, linking to the knowledge base. */
export type HelpTopic =
  | 'quickstart'
  | 'assignments'
  | 'assets'
  | 'inspections'
  | 'issues'
  | 'global_responses'
  | 'global_lists'
  | 'file_manager'
  | 'analytics_overview'
  | 'analytics_issues'
  | 'analytics_responses'
  | 'analytics_reports'
  | 'users'
  | 'groups'
  | 'roles'
  | 'settings_organization'
  | 'settings_checklist'
  | 'settings_report'
  | 'settings_user'
  | 'settings_security'
  | 'account_settings';

export interface MenuEntry {
  /** i18n key of the menu label (namespace `shell`). */
  label: string;
  /** Place in the side menu of spec 1 §2, lowest first; a group sits where its first entry does. */
  order: number;
  icon?: MenuIcon;
  group?: MenuGroupId;
}

export type LazyPage = () => Promise<{ Component: ComponentType }>;

/** Picks one page of a lazily loaded file, so that what a module loads on demand is a chunk of its own. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return async () => ({ Component: pick(await load()) });
}

/** One entry of the route table: where it lives, who may open it, and how the menu shows it. */
export interface AppRoute {
  /** Stable id; the page title is `shell:routes.<id>`. */
  id: string;
  path: string;
  layout: LayoutKind;
  lazy: LazyPage;
  /** Any one suffices. */
  permissions?: readonly Permission[];
  /** Plan feature the workspace needs. */
  feature?: PlanFeature;
  /** Only for logged-out visitors (login, register ...). */
  public?: boolean;
  /** For everyone, logged in or not (error pages, public library). */
  open?: boolean;
  /** A blank-layout screen that fills the viewport: no language and skin switches above it, no padding. */
  fullScreen?: boolean;
  /**
   * Starts loading the screen's data on every navigation to it, while its code still downloads (the screen
   * takes that load when it mounts). Never awaited: it must not throw, and it leaves errors to the screen.
   */
  prefetch?: (params: Params) => void;
  menu?: MenuEntry;
  help?: HelpTopic;
}
