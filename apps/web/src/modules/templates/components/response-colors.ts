/** The colours offered for a response option (a set's options are told apart by them in reports); dark enough for white text on a tag. */
export const RESPONSE_COLORS = [
  { key: 'green', hex: '#0e700e' },
  { key: 'red', hex: '#c50f1f' },
  { key: 'orange', hex: '#a4410e' },
  { key: 'yellow', hex: '#7a6400' },
  { key: 'blue', hex: '#0f6cbd' },
  { key: 'purple', hex: '#6b4fa0' },
  { key: 'grey', hex: '#616161' },
] as const;
