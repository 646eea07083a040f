// The text encodings a person may choose for a subtitle file when detection guessed wrong:
// iconv-lite names (the core decodes with iconv-lite) with the labels the menu shows.
// Shared so the renderer's menu and the core's check are one list.
export const SUBTITLE_ENCODINGS: ReadonlyArray<{ name: string; label: string }> = [
  { name: 'utf-8', label: 'UTF-8' },
  { name: 'utf-16le', label: 'UTF-16 (little-endian)' },
  { name: 'utf-16be', label: 'UTF-16 (big-endian)' },
  { name: 'windows-1252', label: 'Western European (Windows-1252)' },
  { name: 'iso-8859-15', label: 'Western European (ISO-8859-15)' },
  { name: 'windows-1250', label: 'Central European (Windows-1250)' },
  { name: 'iso-8859-2', label: 'Central European (ISO-8859-2)' },
  { name: 'windows-1251', label: 'Cyrillic (Windows-1251)' },
  { name: 'koi8-r', label: 'Cyrillic (KOI8-R)' },
  { name: 'iso-8859-5', label: 'Cyrillic (ISO-8859-5)' },
  { name: 'windows-1253', label: 'Greek (Windows-1253)' },
  { name: 'iso-8859-7', label: 'Greek (ISO-8859-7)' },
  { name: 'windows-1254', label: 'Turkish (Windows-1254)' },
  { name: 'iso-8859-9', label: 'Turkish (ISO-8859-9)' },
  { name: 'windows-1255', label: 'Hebrew (Windows-1255)' },
  { name: 'iso-8859-8', label: 'Hebrew (ISO-8859-8)' },
  { name: 'windows-1256', label: 'Arabic (Windows-1256)' },
  { name: 'windows-1257', label: 'Baltic (Windows-1257)' },
  { name: 'windows-874', label: 'Thai (Windows-874)' },
  { name: 'windows-1258', label: 'Vietnamese (Windows-1258)' },
  { name: 'gb18030', label: 'Chinese simplified (GB18030)' },
  { name: 'big5', label: 'Chinese traditional (Big5)' },
  { name: 'shift_jis', label: 'Japanese (Shift-JIS)' },
  { name: 'euc-jp', label: 'Japanese (EUC-JP)' },
  { name: 'euc-kr', label: 'Korean (EUC-KR)' },
];

