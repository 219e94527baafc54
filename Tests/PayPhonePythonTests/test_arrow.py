"""payphone.arrow against the CLI: every row's record equals the one
`payphone <command> --jsonl` writes for the same input in this run, field
by field (a field the CLI's record lacks is null), over each string layout
(utf8, large_utf8, utf8_view), slices, chunks, nulls and bad rows; bad
arrays refused with a clear error. Needs pyarrow (skipped without it)."""

import json
import subprocess

import pytest

pa = pytest.importorskip("pyarrow")

import payphone.arrow  # noqa: E402
from corpus import phone_corpus  # noqa: E402

BAD = ["", "n/a", "call me", "+999 1234", "+44 1", "x" * 300, "line\nbreak", "\"quoted\"", "١٢٣", "+1 650 253 0000 ext. 5"]


def cli_records(cli, command, requests, *flags):
    """The CLI's records of JSON requests, one per line, in order."""
    lines = "".join(json.dumps(request, ensure_ascii=False) + "\n" for request in requests)
    answer = subprocess.run([cli, command, "--jsonl", *flags], input=lines.encode(), capture_output=True, check=True)
    return [json.loads(line) for line in answer.stdout.decode().splitlines()]


def same(arrow_record, cli_record):
    """The Arrow row holds exactly the CLI record's fields, the rest null."""
    assert arrow_record is not None
    for key, value in arrow_record.items():
        assert value == cli_record.get(key), (key, arrow_record, cli_record)
    assert set(cli_record) <= set(arrow_record), (cli_record, arrow_record)


@pytest.fixture(scope="module")
def phones():
    corpus = phone_corpus(3000, seed=27) + [(text, "GB") for text in BAD] + [(text, None) for text in BAD]
    return [text for text, _ in corpus], [region for _, region in corpus]


@pytest.fixture(scope="module")
def phone_cli(cli, phones):
    numbers, regions = phones
    requests = [{"number": n, **({"region": r} if r else {})} for n, r in zip(numbers, regions)]
    return cli_records(cli, "phone", requests)


@pytest.mark.parametrize("kind", ["string", "large_string", "string_view"])
def test_normalize_equals_cli_in_every_layout(phones, phone_cli, kind):
    numbers, regions = phones
    records = payphone.arrow.normalize(pa.array(numbers, getattr(pa, kind)()), pa.array(regions, pa.string()))
    assert isinstance(records, pa.StructArray) and len(records) == len(numbers)
    for record, expected in zip(records.to_pylist(), phone_cli):
        same(record, expected)


def test_normalize_one_region_for_all(cli, phones):
    numbers, _ = phones
    expected = cli_records(cli, "phone", [{"number": n} for n in numbers], "--region", "de")
    for record, want in zip(payphone.arrow.normalize(pa.array(numbers), region="de").to_pylist(), expected):
        same(record, want)


def test_nulls_are_null_rows_and_slices_keep_their_place(phones, phone_cli):
    numbers, regions = phones
    with_nulls = [None if index % 7 == 0 else number for index, number in enumerate(numbers)]
    array = pa.array(with_nulls).slice(5, 1000)
    records = payphone.arrow.normalize(array, pa.array(regions).slice(5, 1000)).to_pylist()
    for offset, record in enumerate(records):
        if (offset + 5) % 7 == 0:
            assert record is None
        else:
            same(record, phone_cli[offset + 5])


def test_chunked_input_gives_chunked_records(phones, phone_cli):
    numbers, regions = phones
    chunked = pa.chunked_array([numbers[:100], numbers[100:1000], []], pa.string())
    records = payphone.arrow.normalize(chunked, pa.chunked_array([regions[:1000]]))
    assert isinstance(records, pa.ChunkedArray)
    for record, expected in zip(records.to_pylist(), phone_cli[:1000]):
        same(record, expected)


def test_chunked_find_and_cards_equal_cli(cli):
    texts = ["Call 020 7946 0958 or +1 650-253-0000 ext. 12", "card 4111 1111 1111 1111, tel 020 7946 0958",
             "pay 3782-822463-10005 now", "no numbers", "٠٢٠ ٧٩٤٦ ٠٩٥٨ and 07911 123456", ""]
    records = payphone.arrow.find(pa.chunked_array([texts[:2], texts[2:]]), "GB", cards=True).to_pylist()
    for record, expected in zip(records, cli_records(cli, "find", [{"text": t} for t in texts], "--cards",
                                                     "--region", "GB")):
        assert record["ok"] is True and record["error"] is None
        assert len(record["matches"]) == len(expected["matches"])
        for match, want in zip(record["matches"], expected["matches"]):
            same(match, want)
    numbers = ["4111 1111 1111 1111", "3782 822463 10005", "", "41x1", "6011 0009 9013 9424", "1234"]
    for record, expected in zip(payphone.arrow.cards(pa.array(numbers, pa.large_string())).to_pylist(),
                                cli_records(cli, "card", [{"number": n} for n in numbers])):
        same(record, expected)


def test_find_leniency_is_the_cli_s(cli):
    texts = ["020 7946 095", "call 0207 946 0958 now"]
    records = payphone.arrow.find(pa.array(texts), "GB", leniency="possible").to_pylist()
    expected = cli_records(cli, "find", [{"text": t} for t in texts], "--leniency", "possible", "--region", "GB")
    assert [[m["e164"] for m in r["matches"]] for r in records] == [[m["e164"] for m in e["matches"]]
                                                                     for e in expected]


def test_bad_arrays_are_refused_by_name():
    with pytest.raises(ValueError, match="format u, U or vu"):
        payphone.arrow.normalize(pa.array([1, 2]))
    with pytest.raises(ValueError, match="2 numbers but 1 regions"):
        payphone.arrow.normalize(pa.array(["1", "2"]), pa.array(["GB"]))
    with pytest.raises(ValueError, match="leniency"):
        payphone.arrow.find(pa.array(["x"]), leniency="loose")
    with pytest.raises(TypeError):
        payphone.arrow.normalize("020 7946 0958")


def test_offsets_out_of_order_are_refused():
    offsets = pa.py_buffer(bytes([0, 0, 0, 0, 9, 0, 0, 0, 4, 0, 0, 0]))
    data = pa.py_buffer(b"020794609")
    broken = pa.Array.from_buffers(pa.string(), 2, [None, offsets, data])
    with pytest.raises(ValueError, match="offsets out of order at row 1"):
        payphone.arrow.normalize(broken)


def test_dictionary_and_all_null_columns_are_strings(cli):
    records = payphone.arrow.normalize(pa.array(["020 7946 0958", "020 7946 0958"]).dictionary_encode(),
                                       region="GB")
    assert records.field("e164").to_pylist() == ["+442079460958"] * 2
    assert payphone.arrow.normalize(pa.nulls(3)).to_pylist() == [None, None, None]


def test_polars_takes_a_region_column_or_one_region(cli, phones, phone_cli):
    pl = pytest.importorskip("polars")
    import payphone.polars

    numbers, regions = phones
    frame = pl.DataFrame({"phone": numbers, "country": regions})
    records = frame.select(payphone.polars.normalize(pl.col("phone"), pl.col("country"))).to_series()
    for record, expected in zip(records.to_list(), phone_cli):
        same(record, expected)
    series = payphone.polars.normalize_series(frame["phone"], frame["country"])
    assert series.to_list() == records.to_list()
    expected = cli_records(cli, "phone", [{"number": n} for n in numbers[:200]], "--region", "de")
    one = frame.head(200).select(payphone.polars.normalize(pl.col("phone"), region="de")).to_series()
    for record, want in zip(one.to_list(), expected):
        same(record, want)


def test_type_and_error_are_dictionary_encoded_across_pieces(phones, phone_cli, monkeypatch):
    # Pieces of 7 rows each start their own dictionaries; the joined array reads as the CLI's.
    monkeypatch.setattr(payphone.arrow, "CHUNK_ROWS", 7)
    numbers, regions = phones
    records = payphone.arrow.normalize(pa.array(numbers[:300]), pa.array(regions[:300]))
    for name in ("type", "error"):
        assert pa.types.is_dictionary(records.type.field(name).type)
        assert records.field(name).to_pylist() == [record.get(name) for record in phone_cli[:300]]
