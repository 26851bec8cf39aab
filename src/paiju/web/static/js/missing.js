// The page follows the language chosen at the tables, else the browser's; the links switch it.
(function () {
  var LANGS = { en: "en", zh: "zh-Hant", ja: "ja" };
  function wanted() {
    var saved = null;
    try { saved = localStorage.getItem("paiju.lang"); } catch (e) { saved = null; }
    if (LANGS[saved]) return saved;
    var tags = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < tags.length; i += 1) {
      var t = String(tags[i] || "").toLowerCase();
      if (t.indexOf("zh") === 0) return "zh";
      if (t.indexOf("ja") === 0) return "ja";
      if (t.indexOf("en") === 0) return "en";
    }
    return "en";
  }
  function show(lang) {
    var parts = document.querySelectorAll("section[data-lang]");
    for (var i = 0; i < parts.length; i += 1) {
      parts[i].hidden = parts[i].dataset.lang !== lang;
      if (!parts[i].hidden && parts[i].dataset.title) document.title = parts[i].dataset.title;
    }
    document.documentElement.lang = LANGS[lang];
  }
  var hash = location.hash.slice(1);
  show(LANGS[hash] ? hash : wanted());
  var links = document.querySelectorAll(".other-languages a");
  for (var j = 0; j < links.length; j += 1) {
    links[j].addEventListener("click", function (e) {
      e.preventDefault();
      show(this.dataset.lang);
    });
  }
})();
