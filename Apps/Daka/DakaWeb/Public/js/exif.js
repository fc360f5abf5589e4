// Reads what a JPEG's EXIF says about when and where it was taken: the APP1 "Exif" segment's TIFF, IFD0 →
// the Exif IFD (DateTimeOriginal) and the GPS IFD (latitude, longitude). No library; anything unexpected is
// "nothing known" ({}), never an error.
export function readExif(buffer) {
  var view = new DataView(buffer);
  if (view.byteLength < 4 || view.getUint16(0) !== 0xFFD8) return {};
  var offset = 2;
  while (offset + 4 <= view.byteLength) {
    var marker = view.getUint16(offset);
    if ((marker & 0xFF00) !== 0xFF00 || marker === 0xFFDA) break;  // start of scan: no more metadata
    var length = view.getUint16(offset + 2);
    if (marker === 0xFFE1 && offset + 10 <= view.byteLength && view.getUint32(offset + 4) === 0x45786966) {
      try { return tiff(view, offset + 10, Math.min(offset + 2 + length, view.byteLength)); } catch (e) { return {}; }
    }
    offset += 2 + length;
  }
  return {};
}

function tiff(view, start, end) {
  var little = view.getUint16(start) === 0x4949;
  function u16(at) { if (at + 2 > end) throw new Error("short"); return view.getUint16(at, little); }
  function u32(at) { if (at + 4 > end) throw new Error("short"); return view.getUint32(at, little); }
  // Entries of the IFD at `ifd` (relative to the TIFF start), by tag.
  function entries(ifd) {
    var at = start + ifd, count = u16(at), out = {};
    for (var i = 0; i < count; i++) {
      var e = at + 2 + i * 12;
      out[u16(e)] = { type: u16(e + 2), count: u32(e + 4), value: e + 8 };
    }
    return out;
  }
  function where(entry, size) { return entry.count * size > 4 ? start + u32(entry.value) : entry.value; }
  function ascii(entry) {
    var at = where(entry, 1), s = "";
    for (var i = 0; i < entry.count && at + i < end; i++) {
      var c = view.getUint8(at + i);
      if (c === 0) break;
      s += String.fromCharCode(c);
    }
    return s;
  }
  function rationals(entry) {
    var at = where(entry, 8), out = [];
    for (var i = 0; i < entry.count; i++) out.push(u32(at + i * 8) / (u32(at + i * 8 + 4) || 1));
    return out;
  }
  var result = {};
  var ifd0 = entries(u32(start + 4));
  if (ifd0[0x8769]) {
    var exif = entries(u32(ifd0[0x8769].value));
    var stamp = exif[0x9003] || exif[0x9004];
    var m = stamp && /^(\d{4}):(\d{2}):(\d{2})/.exec(ascii(stamp));
    if (m) result.date = m[1] + "-" + m[2] + "-" + m[3];
  }
  if (ifd0[0x8825]) {
    var gps = entries(u32(ifd0[0x8825].value));
    if (gps[1] && gps[2] && gps[3] && gps[4]) {
      var lat = rationals(gps[2]), lng = rationals(gps[4]);
      var latitude = lat[0] + lat[1] / 60 + lat[2] / 3600, longitude = lng[0] + lng[1] / 60 + lng[2] / 3600;
      if (ascii(gps[1]) === "S") latitude = -latitude;
      if (ascii(gps[3]) === "W") longitude = -longitude;
      if (isFinite(latitude) && isFinite(longitude) && (latitude || longitude)) {
        result.latitude = latitude;
        result.longitude = longitude;
      }
    }
  }
  return result;
}
