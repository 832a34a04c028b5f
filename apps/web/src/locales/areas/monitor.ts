/** Texts of the monitor screens in both languages; each top-level key is a screen or a shared group of the area. */
export const monitorTexts = {
  'zh-CN': {},
  'en-US': {},
};
