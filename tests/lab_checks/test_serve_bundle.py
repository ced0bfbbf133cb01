"""`make serve` rebuilds run esbuild only when the front end changed."""

from pathlib import Path

import pytest
from backprop_site import assets, serve_bundle


def test_bundles_are_reused_until_the_front_end_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    frontend = tmp_path / "frontend"
    frontend.mkdir()
    (frontend / "main.js").write_text("export const a = 1;\n")
    runs = []

    def fake_esbuild(site_dir: Path) -> None:
        runs.append(site_dir)
        out = site_dir / "assets" / "backprop"
        out.mkdir(parents=True)
        (out / "main.js").write_text((frontend / "main.js").read_text())

    monkeypatch.setattr(assets, "FRONTEND", frontend)
    monkeypatch.setattr(assets, "bundle_frontend", fake_esbuild)
    cache = tmp_path / "cache"
    assert serve_bundle.bundle_when_changed(tmp_path / "site1", cache)
    assert not serve_bundle.bundle_when_changed(tmp_path / "site2", cache)
    assert (tmp_path / "site2" / "assets" / "backprop" / "main.js").read_text() == "export const a = 1;\n"
    (frontend / "main.js").write_text("export const a = 22;\n")
    assert serve_bundle.bundle_when_changed(tmp_path / "site3", cache)
    assert (tmp_path / "site3" / "assets" / "backprop" / "main.js").read_text() == "export const a = 22;\n"
    assert len(runs) == 2
