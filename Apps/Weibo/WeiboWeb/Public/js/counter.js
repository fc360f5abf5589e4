// The composer's text counter: SparrowKit's TextLength, line for line. ASCII counts half, other UTF-16
// units one, links 10 unless short links; rounded up. Tests check both against the same table.
export function textLength(s) {
  var bytes = 0, i = 0, n = s.length;
  while (i < n) {
    var c = s.charCodeAt(i);
    if (c === 13 && i + 1 < n && s.charCodeAt(i + 1) === 10) { i += 1; continue; }
    if (c === 104) {
      var end = linkEnd(s, i);
      if (end !== null) { bytes += linkBytes(s.slice(i, end)); i = end; continue; }
    }
    bytes += c <= 0xFF ? 1 : 2;
    i += 1;
  }
  return Math.floor((bytes + 1) / 2);
}

function linkEnd(s, start) {
  var i;
  if (s.startsWith("http://", start)) i = start + 7;
  else if (s.startsWith("https://", start)) i = start + 8;
  else return null;
  function alnum(c) { return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122); }
  var hostStart = i;
  while (i < s.length && alnum(s.charCodeAt(i))) i += 1;
  if (i === hostStart) return null;
  var parts = 0;
  while (i + 1 < s.length && s.charCodeAt(i) === 46 && alnum(s.charCodeAt(i + 1))) {
    i += 1;
    while (i < s.length && alnum(s.charCodeAt(i))) i += 1;
    parts += 1;
  }
  if (parts === 0) return null;
  var path = "-_$.+!*()/\\,:;@&=?~#%";
  while (i < s.length && (alnum(s.charCodeAt(i)) || path.indexOf(s[i]) >= 0)) i += 1;
  return i;
}

function linkBytes(url) {
  var length = url.length; // the link characters are all ASCII
  if (url.startsWith("http://t.cn/")) return length;
  if ((url.indexOf("weibo.com") >= 0 || url.indexOf("weibo.cn") >= 0) && length <= 41) return length;
  return length <= 140 ? 20 : length - 140 + 20;
}
