/** Texts of the system screens in both languages; each top-level key is a screen or a shared group of the area. */
export const systemTexts = {
  'zh-CN': {},
  'en-US': {},
};
