//! The shared history through a real sync engine: two Greffier histories on this
//! machine, each sharing its own folder, which two Syncthing instances keep in sync. Each
//! instance listens on the loopback only, with discovery, relays, NAT traversal, usage and
//! crash reports and upgrades off before its first start (nothing else is contacted), and is
//! configured through its REST API; both are started and stopped by the test.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use greffier::history::{PlayEdit, PlayFilter, Store};
use serde_json::{Value, json};

use crate::support::{start_valencia, valencia_sheet};
use crate::sync::mask_ids;

/// The whole exchange must be done within this.
const DEADLINE: Duration = Duration::from_secs(90);

/// A free port on the loopback.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

struct Instance {
    child: Child,
    gui: u16,
    key: String,
    id: String,
}

impl Instance {
    /// Generates a Syncthing home and starts it, listening on `port` of the loopback only.
    fn start(home: &Path, port: u16) -> Instance {
        let out = Command::new("syncthing")
            .args(["generate", "--no-default-folder", "--skip-port-probing", "--home"])
            .arg(home)
            .output()
            .expect("Syncthing is installed (`make deps` installs Debian's `syncthing`)");
        assert!(out.status.success(), "syncthing generate: {}", String::from_utf8_lossy(&out.stderr));
        let gui = free_port();
        let config = home.join("config.xml");
        let mut text = std::fs::read_to_string(&config).expect("config.xml");
        for (from, to) in [
            (
                "<listenAddress>default</listenAddress>".to_owned(),
                format!("<listenAddress>tcp://127.0.0.1:{port}</listenAddress>"),
            ),
            ("<address>127.0.0.1:8384</address>".to_owned(), format!("<address>127.0.0.1:{gui}</address>")),
            ("<globalAnnounceEnabled>true".to_owned(), "<globalAnnounceEnabled>false".to_owned()),
            ("<localAnnounceEnabled>true".to_owned(), "<localAnnounceEnabled>false".to_owned()),
            ("<relaysEnabled>true".to_owned(), "<relaysEnabled>false".to_owned()),
            ("<natEnabled>true".to_owned(), "<natEnabled>false".to_owned()),
            ("<urAccepted>0".to_owned(), "<urAccepted>-1".to_owned()),
            ("<autoUpgradeIntervalH>12".to_owned(), "<autoUpgradeIntervalH>0".to_owned()),
            ("<crashReportingEnabled>true".to_owned(), "<crashReportingEnabled>false".to_owned()),
            ("<announceLANAddresses>true".to_owned(), "<announceLANAddresses>false".to_owned()),
            ("<startBrowser>true".to_owned(), "<startBrowser>false".to_owned()),
            ("<reconnectionIntervalS>60".to_owned(), "<reconnectionIntervalS>1".to_owned()),
        ] {
            assert!(text.contains(&from), "config.xml has {from}");
            text = text.replace(&from, &to);
        }
        std::fs::write(&config, &text).expect("config.xml written");
        let key =
            text.split("<apikey>").nth(1).and_then(|k| k.split('<').next()).expect("the API key").to_owned();
        let id = Command::new("syncthing")
            .args(["serve", "--device-id", "--home"])
            .arg(home)
            .output()
            .expect("id");
        let id = String::from_utf8_lossy(&id.stdout).trim().to_owned();
        // `--no-restart`: no monitor process, the child is Syncthing itself.
        let child = Command::new("syncthing")
            .args(["serve", "--no-browser", "--no-restart", "--no-upgrade", "--home"])
            .arg(home)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("syncthing serve");
        let instance = Instance { child, gui, key, id };
        instance.wait_for(|i| i.get("/rest/system/ping").is_some_and(|p| p["ping"] == "pong"));
        instance
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Option<Value> {
        let mut curl = Command::new("curl");
        curl.args(["-s", "--max-time", "5", "-X", method, "-H"]).arg(format!("X-API-Key: {}", self.key));
        if let Some(body) = body {
            curl.arg("-d").arg(body.to_string());
        }
        let out = curl.arg(format!("http://127.0.0.1:{}{path}", self.gui)).output().ok()?;
        if !out.status.success() {
            return None;
        }
        Some(serde_json::from_slice(&out.stdout).unwrap_or(Value::Null))
    }

    fn get(&self, path: &str) -> Option<Value> {
        self.call("GET", path, None)
    }

    fn wait_for(&self, done: impl Fn(&Instance) -> bool) {
        let start = Instant::now();
        while !done(self) {
            assert!(start.elapsed() < DEADLINE, "Syncthing did not get there in time");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Has the folder scanned now (a file just written crosses in a fraction of a second).
    fn scan(&self) {
        self.call("POST", "/rest/db/scan?folder=greffier", None);
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Two Syncthing instances sharing one folder each, paired over the loopback.
fn pair(dir: &Path) -> (Vec<Instance>, Vec<PathBuf>) {
    let ports = [free_port(), free_port()];
    let instances: Vec<Instance> =
        (0..2).map(|i| Instance::start(&dir.join(format!("syncthing-{i}")), ports[i])).collect();
    let folders: Vec<PathBuf> = (0..2).map(|i| dir.join(format!("shared-{i}"))).collect();
    for (i, me) in instances.iter().enumerate() {
        let peer = &instances[1 - i];
        std::fs::create_dir_all(&folders[i]).expect("folder");
        let device = json!({ "deviceID": peer.id, "name": format!("peer {}", 1 - i),
                             "addresses": [format!("tcp://127.0.0.1:{}", ports[1 - i])] });
        me.call("POST", "/rest/config/devices", Some(&device)).expect("peer added");
        let folder = json!({ "id": "greffier", "label": "Greffier", "path": folders[i],
                             "devices": [{ "deviceID": me.id }, { "deviceID": peer.id }],
                             "fsWatcherDelayS": 1 });
        me.call("POST", "/rest/config/folders", Some(&folder)).expect("folder shared");
    }
    for (i, me) in instances.iter().enumerate() {
        let peer = instances[1 - i].id.clone();
        me.wait_for(|m| {
            m.get("/rest/system/connections").is_some_and(|c| c["connections"][&peer]["connected"] == true)
        });
        me.wait_for(|m| m.get("/rest/db/status?folder=greffier").is_some_and(|s| s["state"] == "idle"));
    }
    (instances, folders)
}

fn plays(store: &Store) -> Vec<String> {
    let page = store.list_plays(&PlayFilter { limit: 200, ..PlayFilter::default() }).expect("list");
    let mut out: Vec<String> = page
        .plays
        .iter()
        .map(|p| {
            let detail = store.play(p.id).expect("play");
            let seats: Vec<String> = p.players.iter().map(|s| format!("{}={:?}", s.name, s.total)).collect();
            format!("{} {:?} {}", detail.uuid, detail.location, seats.join(" "))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn plays_entered_on_two_devices_meet_through_syncthing_and_a_correction_crosses() {
    let dir = tempfile::tempdir().expect("dir");
    let (syncthing, folders) = pair(dir.path());
    let mut laptop = Store::open(&dir.path().join("laptop.sqlite3")).expect("laptop");
    let mut tablet = Store::open(&dir.path().join("tablet.sqlite3")).expect("tablet");
    laptop.share_history(Some(&folders[0]), Some("Laptop")).expect("share");
    tablet.share_history(Some(&folders[1]), Some("Tablet")).expect("share");
    let on_laptop = start_valencia(&mut laptop, &["Ani", "Dirk"]);
    laptop.finish_play(on_laptop.id, &valencia_sheet(&[("Ani", 5, 1), ("Dirk", 7, 2)])).expect("finish");
    let on_tablet = start_valencia(&mut tablet, &["Lilli", "Max"]);
    tablet.finish_play(on_tablet.id, &valencia_sheet(&[("Lilli", 3, 1), ("Max", 4, 0)])).expect("finish");

    // Each side passes (writing its file, then scanned by its Syncthing) until both hold both.
    let start = Instant::now();
    let round = |laptop: &mut Store, tablet: &mut Store| {
        assert!(start.elapsed() < DEADLINE, "the histories did not meet in time");
        laptop.sync_now(None).expect("laptop pass");
        syncthing[0].scan();
        tablet.sync_now(None).expect("tablet pass");
        syncthing[1].scan();
        std::thread::sleep(Duration::from_millis(200));
    };
    while plays(&laptop).len() < 2 || plays(&tablet).len() < 2 {
        round(&mut laptop, &mut tablet);
    }
    assert_eq!(plays(&laptop), plays(&tablet));

    // A correction on the tablet of the laptop's play reaches the laptop.
    let there = tablet
        .list_plays(&PlayFilter::default())
        .expect("list")
        .plays
        .into_iter()
        .find(|p| tablet.play(p.id).is_ok_and(|d| d.uuid == on_laptop.uuid))
        .expect("the laptop's play is on the tablet")
        .id;
    let edit = PlayEdit {
        location: Some("Nantes".into()),
        table_state: Some(valencia_sheet(&[("Ani", 9, 1), ("Dirk", 7, 2)])),
        ..PlayEdit::default()
    };
    tablet.edit_play(there, &edit).expect("correct");
    while laptop.play(on_laptop.id).expect("play").location.as_deref() != Some("Nantes") {
        round(&mut laptop, &mut tablet);
    }
    assert_eq!(
        laptop.play(on_laptop.id).expect("play").scoreboard.expect("scored").players[0].total,
        Some(10)
    );
    assert_eq!(plays(&laptop), plays(&tablet));
    assert!(laptop.sync_conflicts().expect("conflicts").is_empty());

    // The statistics agree, and each side's equal a recomputation.
    let stats = |s: &Store| {
        mask_ids(&format!("{:?}", s.game_stats(greffier::games::GameId::Valencia, 5).expect("stats")))
    };
    assert_eq!(stats(&laptop), stats(&tablet));
    for store in [&mut laptop, &mut tablet] {
        let kept = store.statistics_summaries().expect("summaries");
        store.rebuild_statistics().expect("rebuild");
        assert_eq!(kept, store.statistics_summaries().expect("summaries"));
    }
    drop(syncthing);
}
