pub fn board_svg(_b: &crate::Board) -> String {
    String::new()
}
