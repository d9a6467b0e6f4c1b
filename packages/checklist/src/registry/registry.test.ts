import { describe, expect, it } from 'vitest';
import { ITEM_GROUPS, ITEM_TYPES, isContainerType, isPageType, type ItemType } from './item-types.ts';
import {
  DEPRECATED_TYPES,
  HIDDEN_PAGE_TYPES,
  ITEM_TYPE_REGISTRY,
  NOT_IMPORTABLE_TYPES,
  ONCE_PER_PAGE_TYPES,
  PAGE_EXCLUSIONS,
  QUALITY_PRESETS,
  REPEATABLE_TYPES,
  RULE_TYPES,
  UNIT_TYPES,
  defaultOptions,
  getItemType,
  isAllowedOnPage,
  offeredItemTypes,
  operandKindOf,
} from './registry.ts';

const sorted = (list: readonly string[]) => [...list].sort();

describe('item type registry', () => {
  it('defines every type of the spec table in its group', () => {
    const groups: Record<string, ItemType[]> = {
      pages: ['page', 'start_page', 'end_page', 'hidden_page'],
      section: ['section'],
      startPage: [
        'inspection_number',
        'asset',
        'document_id',
        'inspection_start_date',
        'inspection_location',
        'inspection_real_start_date',
        'file_manager',
        'url',
      ],
      specialPage: ['person'],
      endPage: ['inspection_end_date', 'inspection_real_end_date', 'end_signature', 'repeating_group'],
      text: ['textAnswer', 'longText', 'instruction', 'site'],
      numeric: ['number', 'slider', 'constant', 'calculation', 'issues_count', 'counter'],
      datetime: ['datetime'],
      yesno: ['yesno', 'switch', 'checkbox', 'oknot'],
      select: ['list', 'dropdown', 'global_list', 'dataset', 'spare_parts'],
      approval: ['signature', 'acknowledgment'],
      multimedia: ['photo', 'video', 'audio'],
      scanning: ['qr', 'barcode'],
      misc: ['asset_field', 'assignment_field', 'global_item'],
    };
    expect(sorted(Object.keys(groups))).toEqual(sorted(ITEM_GROUPS));
    for (const [group, types] of Object.entries(groups)) {
      for (const type of types) expect(getItemType(type).group, type).toBe(group);
    }
    expect(sorted(Object.values(groups).flat())).toEqual(sorted(ITEM_TYPES));
    expect(Object.keys(ITEM_TYPE_REGISTRY)).toHaveLength(ITEM_TYPES.length);
  });

  it('covers the types listed in the editor state', () => {
    const editorTypes =
      'start_page, end_page, hidden_page, page, section, repeating_group, textAnswer, longText, number, slider, list, dropdown, yesno, oknot, switch, checkbox, datetime, photo, video, audio, asset, asset_field, assignment_field, global_list, dataset, site, counter, constant, calculation, issues_count, document_id, inspection_real_start_date, inspection_real_end_date'.split(
        ', ',
      );
    for (const type of editorTypes) expect(ITEM_TYPES).toContain(type);
  });

  it('knows pages and containers', () => {
    expect(isPageType('hidden_page')).toBe(true);
    expect(isPageType('section')).toBe(false);
    expect(isContainerType('section')).toBe(true);
    expect(isContainerType('number')).toBe(false);
  });

  describe('defaults (spec 2 per-type option fields)', () => {
    it.each([
      ['slider', { min: 0, max: 10, step: 1 }],
      ['video', { max_length: 20, quality: 'normal' }],
      ['audio', { max_length: 20, quality: 'normal' }],
      ['photo', { quality: 'normal', multi_photo: false, allow_gps_tagging: false }],
      ['datetime', { date: true, time: true, date_time_shape: 'year_month_day_hour_minute', future_date: false, prior_date: false }],
      ['inspection_start_date', { date_time_shape: 'year_month_day_hour_minute', default_value: { type: 'current', period_type: null } }],
      ['inspection_end_date', { date: true, time: true }],
      [
        'global_list',
        {
          separator: '/',
          label_field_keys: ['item_id', 'display_name'],
          value_field_keys: ['item_id'],
          field_type: 'text',
          value_type: 'text',
        },
      ],
      ['constant', { hidden: true }],
      ['hidden_page', { not_visible: true }],
      ['page', { not_visible: false }],
      ['start_page', { not_visible: false }],
      ['end_page', { not_visible: false }],
      ['document_id', { format: '#{number}', items: [{ key: 'number', type: 'unique', item_id: null }] }],
      ['issues_count', { scope: 'all' }],
      ['counter', { scope: 'all', type: 'yesno' }],
      ['checkbox', { default_value: false }],
      [
        'yesno',
        {
          response_set_id: '',
          default_value: null,
          options_type: 'custom',
          enable_score: false,
          require_media: false,
          require_note: false,
        },
      ],
      ['list', { multiple_selection: false }],
      ['dropdown', { multiple_selection: false }],
      ['spare_parts', { quantity: 0, sites: [] }],
      ['dataset', { sites: [] }],
      ['section', { grouped_item_id: '', image_marker_id: '', repeatable: false }],
      ['textAnswer', { min_length: '', max_length: '', secure: false, read_only: false, enable_rating: false, enable_score: false }],
      ['number', { decimal: null, units: [], grouping_separator: false, secure: false, enable_score: false, enable_rating: false }],
      ['calculation', { calculations: { value: '', items: [] }, editable: false, units: [] }],
      ['asset_field', { editable: false }],
      ['site', { editable: false, column_options: { column_id: '', structure_id: '', structure_node_id: '' } }],
    ] as [ItemType, Record<string, unknown>][])('%s', (type, expected) => {
      expect(defaultOptions(type)).toMatchObject(expected);
    });

    it('gives almost every type info_id, rule_set_id, hidden, exclude_report and required', () => {
      for (const type of ITEM_TYPES) {
        const options = defaultOptions(type);
        expect(options.info_id, type).toBe('');
        expect(options.rule_set_id, type).toBe('');
        if (isPageType(type)) continue;
        expect(options.exclude_report, type).toBe(false);
        if (type !== 'constant') expect(options.hidden, type).toBe(false);
        if (type !== 'instruction') expect(options.required, type).toBe(false);
      }
    });

    it('returns a fresh object each time', () => {
      const a = defaultOptions('slider');
      a.min = 5;
      expect(defaultOptions('slider').min).toBe(0);
    });
  });

  it('lists the required options of spec 2 §5', () => {
    const required: Partial<Record<ItemType, string[]>> = {
      slider: ['min', 'max', 'step'],
      constant: ['default_value'],
      issues_count: ['categories'],
      counter: ['type'],
      global_list: ['global_list_uuid', 'global_list_id'],
      asset_field: ['asset_type_uuid', 'field_key', 'field_type', 'value_type', 'asset_type_id'],
      assignment_field: ['asset_type_uuid', 'field_key', 'field_type', 'value_type', 'asset_type_id'],
    };
    for (const type of ITEM_TYPES) expect(getItemType(type).requiredOptions, type).toEqual(required[type] ?? []);
  });

  it('lists the types not valid for import', () => {
    expect(sorted(NOT_IMPORTABLE_TYPES)).toEqual(
      sorted([
        'asset',
        'document_id',
        'file_manager',
        'calculation',
        'issues_count',
        'counter',
        'asset_field',
        'assignment_field',
        'global_item',
        'repeating_group',
      ]),
    );
  });

  it('lists the types allowed only once per page', () => {
    expect(sorted(ONCE_PER_PAGE_TYPES)).toEqual(
      sorted([
        'inspection_number',
        'asset',
        'document_id',
        'inspection_start_date',
        'inspection_location',
        'inspection_real_start_date',
        'inspection_end_date',
        'inspection_real_end_date',
        'end_signature',
      ]),
    );
  });

  it('fixes each deprecated type into its successor', () => {
    const fixes = Object.fromEntries(DEPRECATED_TYPES.map((type) => [type, getItemType(type).fixTo]));
    expect(fixes).toEqual({
      inspection_number: 'document_id',
      end_signature: 'signature',
      repeating_group: 'section',
      site: 'asset',
      issues_count: 'counter',
      dataset: 'global_list',
      spare_parts: 'global_list',
    });
    for (const type of DEPRECATED_TYPES) expect(offeredItemTypes()).not.toContain(type);
  });

  it('hides and disables the system types', () => {
    expect(getItemType('inspection_real_start_date')).toMatchObject({ disabled: true, hidden: true });
    expect(getItemType('inspection_real_end_date').disabled).toBe(true);
    expect(getItemType('global_item').hidden).toBe(true);
    expect(getItemType('repeating_group').disabled).toBe(true);
    const offered = offeredItemTypes();
    for (const type of ['page', 'hidden_page', 'global_item', 'inspection_real_start_date', 'inspection_real_end_date'] as const) {
      expect(offered).not.toContain(type);
    }
    expect(offered).toContain('oknot');
    expect(offered).toContain('section');
  });

  it('offers repeatable on section, the generic questions, and among files only audio, checkbox, photo, video and signature', () => {
    expect(sorted(REPEATABLE_TYPES)).toEqual(
      sorted([
        'section',
        'textAnswer',
        'longText',
        'number',
        'slider',
        'datetime',
        'yesno',
        'switch',
        'oknot',
        'checkbox',
        'list',
        'dropdown',
        'global_list',
        'qr',
        'barcode',
        'signature',
        'photo',
        'video',
        'audio',
      ]),
    );
    for (const type of ['acknowledgment', 'instruction', 'calculation', 'constant', 'asset', 'document_id', 'file_manager'] as const) {
      expect(REPEATABLE_TYPES).not.toContain(type);
    }
  });

  it('gives rules only to types that can be a dependency', () => {
    for (const type of RULE_TYPES) expect(getItemType(type).operandKind, type).not.toBeNull();
    for (const type of ['page', 'section', 'instruction', 'inspection_real_start_date', 'global_item'] as const) {
      expect(RULE_TYPES).not.toContain(type);
    }
    for (const type of ['textAnswer', 'number', 'yesno', 'list', 'datetime', 'photo', 'checkbox', 'calculation'] as const) {
      expect(RULE_TYPES).toContain(type);
    }
  });

  it('reads list and dropdown with multiple selection as multiselect', () => {
    expect(operandKindOf({ type: 'list', options: { multiple_selection: true } })).toBe('multiselect');
    expect(operandKindOf({ type: 'dropdown', options: {} })).toBe('select');
    expect(operandKindOf({ type: 'number', options: {} })).toBe('number');
    expect(operandKindOf({ type: 'datetime', options: {} })).toBe('date');
    expect(operandKindOf({ type: 'section', options: {} })).toBeNull();
  });

  it('lets every type be hidden and excluded from the report by a rule', () => {
    for (const type of ITEM_TYPES) {
      expect(getItemType(type).actions, type).toContain('set_hidden');
      expect(getItemType(type).actions, type).toContain('exclude_report');
    }
    expect(getItemType('number').actions).toEqual(expect.arrayContaining(['set_value', 'set_score', 'set_rating', 'enable_else_disable']));
    expect(getItemType('page').actions).not.toContain('set_value');
  });

  it('gates types by plan features', () => {
    expect(getItemType('global_list').features).toEqual(['ckl_global_list']);
    expect(getItemType('calculation').features).toEqual(['ckl_calculation']);
    expect(getItemType('issues_count').features).toEqual(['act_create_issue']);
    expect(getItemType('number').features).toEqual([]);
  });

  describe('page exclusions (spec 2 §5)', () => {
    it.each([
      [
        'page',
        [
          'person',
          'site',
          'asset',
          'document_id',
          'inspection_location',
          'inspection_start_date',
          'inspection_real_start_date',
          'inspection_end_date',
          'inspection_real_end_date',
          'file_manager',
          'end_signature',
          'url',
        ],
      ],
      ['start_page', ['inspection_end_date', 'inspection_real_end_date', 'file_manager', 'end_signature', 'url']],
      [
        'end_page',
        [
          'site',
          'asset',
          'document_id',
          'inspection_location',
          'inspection_real_start_date',
          'inspection_start_date',
          'file_manager',
          'url',
        ],
      ],
    ] as const)('%s excludes its list and allows the rest', (pageType, excluded) => {
      expect(sorted(PAGE_EXCLUSIONS[pageType])).toEqual(sorted(excluded));
      for (const type of ITEM_TYPES) {
        if (isPageType(type)) expect(isAllowedOnPage(pageType, type)).toBe(false);
        else expect(isAllowedOnPage(pageType, type), type).toBe(!(excluded as readonly string[]).includes(type));
      }
    });

    it('keeps person on the start and end pages only', () => {
      expect(isAllowedOnPage('start_page', 'person')).toBe(true);
      expect(isAllowedOnPage('end_page', 'person')).toBe(true);
      expect(isAllowedOnPage('page', 'person')).toBe(false);
    });

    it('lets the hidden page hold only the real start and end dates', () => {
      for (const type of ITEM_TYPES) {
        expect(isAllowedOnPage('hidden_page', type), type).toBe(HIDDEN_PAGE_TYPES.includes(type));
      }
    });
  });

  it('lists the quality presets and stores their value', () => {
    expect(QUALITY_PRESETS.map((preset) => preset.label)).toEqual(expect.arrayContaining(['SD 480p', 'HD 720p', 'FHD 1080p', 'QHD 2K']));
    expect(QUALITY_PRESETS.map((preset) => preset.value)).toEqual(['normal', 'sd', 'hd', 'fhd', 'qhd', 'default', 'custom', 'png']);
  });

  it('lists the unit types of the spec', () => {
    expect(Object.keys(UNIT_TYPES)).toEqual([
      'no_unit',
      'length',
      'mass',
      'amount_of_substance',
      'angle',
      'area',
      'density',
      'digital_data',
      'energy',
      'force',
      'fuel_consumption',
      'molar_mass',
      'molar_volume',
      'numeral_systems',
      'power',
      'pressure',
      'reciprocal_of_molar_mass',
      'si_prefixes',
      'speed',
      'temperature',
      'time',
      'torque',
      'volume',
      'electrical_units',
      'currency',
      'custom',
    ]);
    expect(UNIT_TYPES.electrical_units).toEqual(['V', 'F', 'S', 'ohm', 'T', 'Wb', 'H', 'C', 'A']);
  });
});
