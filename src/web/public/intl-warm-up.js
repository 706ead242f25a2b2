// Creating the page's first number or date formatter loads the browser's locale data: tens of
// milliseconds on a slow phone. Done here, while the app's scripts are still downloading, the
// formatters the app makes later find the data loaded.
(function () {
  var language = document.documentElement.lang || 'en';
  new Intl.NumberFormat(language).format(1);
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(0);
  new Intl.PluralRules(language).select(1);
})();
