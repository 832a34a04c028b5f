/** Texts of the tenant screens in both languages; each top-level key is a screen or a shared group of the area. */
export const tenantTexts = {
  'zh-CN': {},
  'en-US': {},
};
