/** Texts of the lighting screens in both languages; each top-level key is a screen or a shared group of the area. */
export const lightingTexts = {
  'zh-CN': {},
  'en-US': {},
};
