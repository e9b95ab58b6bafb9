/* geoteach: the live maps (ipympl canvases) for keyboard and screen-reader users (issue 25).

ipympl 0.10's canvas takes focus (tabindex="0") and its key handler cancels every key, Tab and
Escape too (preventDefault and stopPropagation): a keyboard trap (WCAG 2.1.2), and ipympl has no
option for it. The kit's maps read no keys, and every map action has a button, list or typed
alternative, so:
* a canvas leaves the tab order (tabindex="-1") and is an image (role="img") named by the words
  of its geoteach.ui.canvases.Described box ("Game board" when it has none);
* a canvas focused by a click lets Tab and Shift+Tab through (this capture-phase listener stops
  the event before ipympl's handler sees it), and Escape moves on to the next control.
The Voilà page includes this file (index.html.j2); in JupyterLab the kit sends it as a trusted
output when a screen with live maps is shown (geoteach.ui.canvas_keys). It runs once a page. */
(function () {
  if (window.gtCanvasKeys) return;
  window.gtCanvasKeys = true;
  var CANVAS = '.jupyter-matplotlib-canvas-div';
  var TABBABLE = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
    'select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

  function set(el, name, value) {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }
  function shown(el) {
    return el.isConnected && el.getClientRects().length > 0 &&
      getComputedStyle(el).visibility !== 'hidden';
  }
  function words(div) {
    var box = div.closest('.gt-described');
    var text = box && box.querySelector(':scope > .gt-description');
    return text ? text.textContent.replace(/\s+/g, ' ').trim() : '';
  }
  function mark() {
    document.querySelectorAll(CANVAS).forEach(function (div) {
      set(div, 'tabindex', '-1');
      set(div, 'role', 'img');
      set(div, 'aria-label', words(div) || 'Game board');
    });
  }
  var queued = false;
  new MutationObserver(function () {
    if (queued) return;
    queued = true;
    setTimeout(function () { queued = false; mark(); }, 0);
  }).observe(document.documentElement, {childList: true, subtree: true});
  mark();

  document.addEventListener('keydown', function (event) {
    var div = event.target.closest && event.target.closest(CANVAS);
    if (!div || (event.key !== 'Tab' && event.key !== 'Escape')) return;
    event.stopPropagation();  // ipympl's own handler would cancel the key
    if (event.key !== 'Escape') return;
    var all = [].filter.call(document.querySelectorAll(TABBABLE), function (el) {
      return shown(el) && !el.closest(CANVAS);
    });
    var after = all.filter(function (el) {
      return div.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    var to = after[0] || all[0];
    if (to) {
      event.preventDefault();
      to.focus();
    }
  }, true);
})();
