export { optionValue, requiredTreeRule, TreeDropdown, type TreeDropdownProps, type TreeLoadParams } from './TreeDropdown.tsx';
