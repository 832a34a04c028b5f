// The boot text follows the stored language before any script bundle arrives (a file of its
// own: the Content-Security-Policy admits no inline script).
document.getElementById('boot-loading').textContent =
  localStorage.getItem('lang') === 'en-US' ? 'Please wait while the page loads' : '正在加载页面，请稍候';
