import {
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FolderOutlined,
  HistoryOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The side menu's icons. The route table names them by key: every page reads the table, the login page
 * too, and only the side menu should carry the icons' code.
 */
export const MENU_ICONS = {
  AppstoreOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FolderOutlined,
  HistoryOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} satisfies Record<string, ComponentType>;

export type MenuIcon = keyof typeof MENU_ICONS;
