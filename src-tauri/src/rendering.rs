//! How the window draws its page on Linux. WebKitGTK composites every frame with OpenGL. On a
//! machine without a GPU (a virtual machine, a remote desktop, a computer without its graphics
//! driver, the E2E's Xvfb) that OpenGL is Mesa's software rasteriser, and each frame then costs
//! tens of milliseconds: measured under Xvfb, the time from a keystroke in a score field to the
//! total on screen was p50 74 / p95 153 ms, of which 47 ms (p50) waiting for the next frame.
//! Drawing with the CPU directly, which WebKit offers as its "never use hardware acceleration"
//! policy, brought the same run to p50 34 / p95 42 ms (5 ms for the frame). With a GPU the
//! policy is left as WebKit chose it. Drawing with the CPU, WebKit makes a frame only when the
//! page changed: its WebDriver's screenshots wait for one (`ui/e2e/lib.mjs` keeps one coming).
//!
//! Without a GPU, GTK's own OpenGL is switched off too, before GTK starts: opening the display,
//! GTK 3 loads Mesa's software OpenGL (with LLVM, about 140 MB read from disk) to choose its
//! OpenGL visuals, which nothing in this window uses once WebKit draws with the CPU. Measured
//! under Xvfb after dropping the page cache, process start → first contentful paint: 1.2–1.8 s
//! with it, 0.9 s without it (WebKit still opens its own EGL display, which it needs).

use std::path::Path;

use tauri::{Runtime, WebviewWindow};

/// Whether the machine shows a GPU to programs: a DRM render node (`/dev/dri/renderD*`, the
/// node Mesa's hardware drivers and NVIDIA's `nvidia-drm` open), NVIDIA's own control device,
/// or WSL's bridge to the Windows GPU (`/dev/dxg`, which Mesa's d3d12 driver uses).
/// `dev` is `/dev`, or a folder standing for it in tests.
pub fn has_gpu(dev: &Path) -> bool {
    let render_node = std::fs::read_dir(dev.join("dri")).is_ok_and(|entries| {
        entries.flatten().any(|entry| entry.file_name().to_string_lossy().starts_with("renderD"))
    });
    render_node || dev.join("nvidiactl").exists() || dev.join("dxg").exists()
}

/// GTK 3 reads `GDK_GL` when it starts; a value the user set is left as it is.
const GTK_GL_ENV: &str = "GDK_GL";

/// What `GDK_GL` should be set to before GTK starts: `disable` without a GPU, unless the user
/// chose a value; nothing to set otherwise.
pub fn gtk_gl_setting(has_gpu: bool, user_setting: Option<&std::ffi::OsStr>) -> Option<&'static str> {
    (!has_gpu && user_setting.is_none()).then_some("disable")
}

/// Switches GTK's own OpenGL off on a machine without a GPU (see the module's doc). Called first
/// thing in `main`, while the process has one thread: setting the environment is unsafe only when
/// another thread may read it at the same time, and none exists yet.
pub fn before_gtk_starts() {
    if let Some(value) = gtk_gl_setting(has_gpu(Path::new("/dev")), std::env::var_os(GTK_GL_ENV).as_deref()) {
        // SAFETY: no other thread exists yet (see above), so nothing reads the environment meanwhile.
        #[allow(unsafe_code)]
        unsafe {
            std::env::set_var(GTK_GL_ENV, value)
        };
    }
}

/// Without a GPU, `window` draws with the CPU (see the module's doc). Called from `setup`, before
/// the page's first frame: WebKit then never starts compositing with the software OpenGL.
pub fn draw_with_the_cpu_without_a_gpu<R: Runtime>(window: &WebviewWindow<R>) {
    if has_gpu(Path::new("/dev")) {
        return;
    }
    let set = window.with_webview(|webview| {
        use webkit2gtk::{HardwareAccelerationPolicy, SettingsExt, WebViewExt};
        if let Some(settings) = webview.inner().settings() {
            settings.set_hardware_acceleration_policy(HardwareAccelerationPolicy::Never);
        }
    });
    // Only slower frames are at stake: the window works either way.
    if let Err(e) = set {
        eprintln!("greffier: could not choose how the window draws: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::{gtk_gl_setting, has_gpu};

    #[test]
    fn gtk_s_opengl_is_switched_off_without_a_gpu_unless_the_user_chose() {
        assert_eq!(gtk_gl_setting(false, None), Some("disable"));
        assert_eq!(gtk_gl_setting(true, None), None, "a GPU: GTK as it is");
        assert_eq!(gtk_gl_setting(false, Some("always".as_ref())), None, "the user's own setting wins");
    }

    #[test]
    fn a_render_node_nvidia_control_device_or_wsl_bridge_is_a_gpu_and_nothing_else_is() {
        let dev = tempfile::tempdir().expect("temp dir");
        assert!(!has_gpu(dev.path()), "no /dev/dri at all");
        std::fs::create_dir(dev.path().join("dri")).expect("dri");
        std::fs::write(dev.path().join("dri/card0"), "").expect("card0");
        assert!(!has_gpu(dev.path()), "a display controller without a render node draws nothing itself");
        std::fs::write(dev.path().join("dri/renderD128"), "").expect("renderD128");
        assert!(has_gpu(dev.path()));

        let nvidia = tempfile::tempdir().expect("temp dir");
        std::fs::write(nvidia.path().join("nvidiactl"), "").expect("nvidiactl");
        assert!(has_gpu(nvidia.path()));

        let wsl = tempfile::tempdir().expect("temp dir");
        std::fs::write(wsl.path().join("dxg"), "").expect("dxg");
        assert!(has_gpu(wsl.path()));
    }
}
